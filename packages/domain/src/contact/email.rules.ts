import * as z from 'zod/mini';
import { oneLineText } from '../content/plain-text.rules.ts';

/** The longest address SMTP carries (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const emailSchema = z.email();

/** Whether a text is an e-mail address, by zod's rules (the ones every schema here uses). */
export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length <= EMAIL_MAX_LENGTH && emailSchema.safeParse(email).success;
}

/**
 * A required address on one line (a user's profile, a new member of staff): refusals are keys of
 * the `validation` catalogue, `emailRequired` when empty and `emailInvalid` when it is no address.
 */
export const requiredEmailSchema = z.pipe(
  z
    .string({ error: 'emailRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'emailRequired'),
      z.maxLength(EMAIL_MAX_LENGTH, 'emailInvalid'),
      oneLineText,
    ),
  z.email('emailInvalid'),
);
