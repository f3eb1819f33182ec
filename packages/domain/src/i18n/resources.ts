/**
 * Catalogues live in `locales/<language>/<namespace>.json`:
 * - `common`: everything the web app shows;
 * - `validation`: the messages of the zod schemas, shared by browser and server;
 * - `server`: API messages (errors by code, successes) and e-mail texts.
 */
export const NAMESPACES = ['common', 'validation', 'server'] as const;
export type Namespace = (typeof NAMESPACES)[number];
