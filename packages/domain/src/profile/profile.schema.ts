import * as z from 'zod/mini';
import { requiredEmailSchema } from '../contact/email.rules.ts';
import { optionalImageSchema } from '../content/image.rules.ts';
import { wireFlag } from '../forms/wire-fields.schema.ts';
import { oneLineText } from '../content/plain-text.rules.ts';

/**
 * `PUT /api/v2/companies/{companyId}/users/{userId}`: the Profile tab (SPEC 3 "User", 5 "Profile").
 * Fields: name*, email* (valid), mobile*, image (stored upload name; empty or the default avatar
 * means none), country (optional), thumb (1/true: also keep a small square of the image).
 */
export const profileInputSchema = z.object({
  name: z
    .string({ error: 'nameRequired' })
    .check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(100, 'textTooLong'), oneLineText),
  email: requiredEmailSchema,
  mobile: z
    .string({ error: 'mobileRequired' })
    .check(z.trim(), z.minLength(1, 'mobileRequired'), z.maxLength(32, 'textTooLong'), oneLineText),
  image: optionalImageSchema,
  country: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(64, 'textTooLong'), oneLineText)),
    z.transform((value: string | null | undefined) => value || null),
  ),
  thumb: wireFlag,
});
export type ProfileInput = z.input<typeof profileInputSchema>;
export type Profile = z.output<typeof profileInputSchema>;

/** `GET …/users/{userId}`: the user as the profile panel and the user menu show it. */
export const userSchema = z.object({
  user_id: z.number().check(z.int()),
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  country: z.nullable(z.string()),
  /** Stored file name, null for the default avatar. */
  image: z.nullable(z.string()),
  /** Where the image is served, null for the default avatar. */
  path: z.nullable(z.string()),
  /** Where the small square of the image is served, when one was asked for. */
  thumb_path: z.nullable(z.string()),
  passportNumber: z.nullable(z.string()),
  /** Whether a form this user issues or updates opens for printing at once. */
  print_after_issue: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The user's own working preferences (`PUT …/users/{userId}/preferences`). */
export const userPreferencesSchema = z.object({ print_after_issue: z.boolean() });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
