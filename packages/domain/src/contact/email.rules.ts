import * as z from 'zod/mini';

/** The longest address SMTP carries (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const emailSchema = z.email();

/** Whether a text is an e-mail address, by zod's rules (the ones every schema here uses). */
export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length <= EMAIL_MAX_LENGTH && emailSchema.safeParse(email).success;
}
