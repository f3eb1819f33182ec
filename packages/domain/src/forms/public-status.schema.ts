import * as z from 'zod/mini';
import { FORM_STAGES } from './tax-form.schema.ts';

/**
 * The public status page (issue 16): a traveller follows a form by its number and the short
 * verification code printed on it, without signing in.
 */

/** Crockford's base32 (no I, L, O, U): the letters a verification code is made of. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 6;

/**
 * A code as typed, the way it is stored: upper case, without spaces or dashes, and with the
 * letters read for digits (O for 0, I and L for 1) turned into those digits, as Crockford's
 * base32 reads them.
 */
export function normaliseVerificationCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A form number as typed: digits only (spaces and dashes from a copied number dropped). */
export function normaliseFormNumber(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

export const publicStatusParamsSchema = z.object({
  barcode: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});

export const publicStatusQuerySchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(20)),
  /** The answer's language, when the caller cannot send Accept-Language (a link in an e-mail). */
  lang: z.optional(z.string().check(z.maxLength(10))),
});

/** A stage the form reached and when; the stamp's export date and the payout's date with them. */
export const publicStageSchema = z.object({
  stage: z.enum(FORM_STAGES),
  /** When the shop recorded it (ISO time). */
  at: z.string(),
  export_date: z.optional(z.string()),
  refund_date: z.optional(z.string()),
});
export type PublicStage = z.infer<typeof publicStageSchema>;

/**
 * What a traveller sees of a form: its stage with dates, the export deadline, the refund and the
 * shop. Nothing personal: no name, passport, address, card, IBAN or e-mail.
 */
export const publicFormStatusSchema = z.object({
  barcode: z.string(),
  stage: z.enum(FORM_STAGES),
  cancelled: z.boolean(),
  /** Past its export deadline and never validated by customs. */
  expired: z.boolean(),
  stages: z.array(publicStageSchema),
  export_deadline: z.nullable(z.string()),
  /** The last day to bring the stamped form back to the shop; null where the country sets none. */
  claim_due: z.nullable(z.string()),
  /** The refund to the traveller on the form (after the operator's fee). */
  customer_refund: z.number(),
  /** What was paid out, once the refund is recorded; null before. */
  paid_amount: z.nullable(z.number()),
  currency: z.string(),
  shop_name: z.string(),
});
export type PublicFormStatus = z.infer<typeof publicFormStatusSchema>;

/** The public status page's own URL in the portal (hash route). */
export const PUBLIC_STATUS_ROUTE = '/status';

/** The link to follow a form: the portal's address, the page, and the form's number and code. */
export function publicStatusLink(origin: string, barcode?: string, code?: string): string {
  const base = `${origin.replace(/\/+$/, '')}/#${PUBLIC_STATUS_ROUTE}`;
  if (!barcode || !code) return base;
  const query = new URLSearchParams({ barcode, code });
  return `${base}?${query.toString()}`;
}

/** One entry of a form's audit trail: who did what, and when. */
export const formAuditEntrySchema = z.object({
  id: z.number().check(z.int()),
  /** form.issue, form.update, form.print, form.cancel, form.stage, form.resend, form.mail */
  action: z.string(),
  at: z.string(),
  user: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string() })),
  /** What the entry says beyond its action, as safe to show (never a card number or an IBAN). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type FormAuditEntry = z.infer<typeof formAuditEntrySchema>;
