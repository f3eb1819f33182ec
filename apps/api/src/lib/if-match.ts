import { z } from 'zod';

/**
 * The optional `If-Match` of a change (RFC 9110): the form's version as the client read it,
 * `"<version>"` (a weak `W/` prefix and bare digits are taken too), or `*` for any version.
 */
export const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .regex(/^\s*(\*|(W\/)?"?\d{1,9}"?)\s*$/, 'invalidValue')
    .optional(),
});

/** The version an If-Match names; null when it names none (absent or `*`). */
export function expectedVersion(header: string | undefined): number | null {
  const digits = header?.match(/\d+/)?.[0];
  return digits === undefined ? null : Number(digits);
}
