import { z } from 'zod';
import { optionalImageSchema } from '../content/image.rules.ts';
import { wireFlag } from '../forms/wire-fields.schema.ts';
import { oneLineText } from '../content/plain-text.rules.ts';

/** The longest address SMTP carries (RFC 5321), as in contact.rules.ts, without its phone rules. */
const EMAIL_MAX_LENGTH = 254;

/**
 * `PUT /api/v2/companies/{companyId}/users/{userId}`: the Profile tab (SPEC 3 "User", 5 "Profile").
 * Fields: name*, email* (valid), mobile*, image (stored upload name; empty or the default avatar
 * means none), country (optional), thumb (1/true: also keep a small square of the image).
 */
export const profileInputSchema = z.object({
  name: z
    .string({ error: 'nameRequired' })
    .trim()
    .min(1, 'nameRequired')
    .max(100, 'textTooLong')
    .check(oneLineText),
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, 'emailRequired')
    .max(EMAIL_MAX_LENGTH, 'emailInvalid')
    .check(oneLineText)
    .pipe(z.email('emailInvalid')),
  mobile: z
    .string({ error: 'mobileRequired' })
    .trim()
    .min(1, 'mobileRequired')
    .max(32, 'textTooLong')
    .check(oneLineText),
  image: optionalImageSchema,
  country: z
    .string()
    .trim()
    .max(64, 'textTooLong')
    .check(oneLineText)
    .nullish()
    .transform((value) => value || null),
  thumb: wireFlag,
});
export type ProfileInput = z.input<typeof profileInputSchema>;
export type Profile = z.output<typeof profileInputSchema>;

/** `GET …/users/{userId}`: the user as the profile panel and the user menu show it. */
export const userSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  country: z.string().nullable(),
  /** Stored file name, null for the default avatar. */
  image: z.string().nullable(),
  /** Where the image is served, null for the default avatar. */
  path: z.string().nullable(),
  /** Where the small square of the image is served, when one was asked for. */
  thumb_path: z.string().nullable(),
  passportNumber: z.string().nullable(),
  /** Whether a form this user issues or updates opens for printing at once. */
  print_after_issue: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The user's own working preferences (`PUT …/users/{userId}/preferences`). */
export const userPreferencesSchema = z.object({ print_after_issue: z.boolean() });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
