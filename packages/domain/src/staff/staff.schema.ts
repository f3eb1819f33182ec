import * as z from 'zod/mini';
import { requiredEmailSchema } from '../contact/email.rules.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/auth.schema.ts';
import { LOGIN_RULES } from '../auth/login-rules.ts';
import { oneLineText } from '../content/plain-text.rules.ts';
import { STAFF_ROLES } from './roles.ts';

/**
 * The staff calls (ARCHITECTURE "Contract additions, third round"): `GET` and `POST
 * /api/v2/companies/{companyId}/users`, `PATCH …/users/{userId}`, `POST …/users/{userId}/password`.
 * Messages are keys of the `validation` catalogue.
 */

const USERNAME = LOGIN_RULES.username;

const oneLine = (required: string, max: number) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, 'textTooLong'), oneLineText);

export const staffPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .check(
    z.minLength(1, 'passwordRequired'),
    z.minLength(PASSWORD_MIN_LENGTH, 'passwordTooShort'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
  );

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'roleRequired' });

/**
 * How a new user gets its password: `first_password`, one the manager gives (the user must change
 * it at the first sign-in), or `email_link`, a link e-mailed to the user's address to set one.
 */
export const PASSWORD_SETUPS = ['first_password', 'email_link'] as const;
export type PasswordSetup = (typeof PASSWORD_SETUPS)[number];

/** The fields of a new user, without the rule tying the password to its setup. */
export const newStaffUserFields = z.object({
  username: z
    .string({ error: USERNAME.required })
    .check(
      z.trim(),
      z.minLength(1, USERNAME.required),
      z.maxLength(USERNAME.maxLength, USERNAME.tooLong),
      z.regex(/^[\p{L}\p{N}._@-]+$/u, 'usernameInvalid'),
    ),
  name: oneLine('nameRequired', 100),
  email: requiredEmailSchema,
  mobile: z.optional(z.string().check(z.trim(), z.maxLength(32, 'textTooLong'), oneLineText)),
  role: staffRoleSchema,
  branch_id: z.number({ error: 'branchRequired' }).check(z.int(), z.positive('branchRequired')),
  password_setup: z._default(z.enum(PASSWORD_SETUPS, { error: 'invalidValue' }), 'first_password'),
  password: z.optional(staffPasswordSchema),
});

/** A first password comes with `first_password` only, and must then be given. */
function passwordFitsSetup(
  value: { password_setup: PasswordSetup; password?: string | undefined },
  ctx: z.core.$RefinementCtx,
) {
  const byLink = value.password_setup === 'email_link';
  const hasPassword = value.password !== undefined;
  // A password with the link, or no password without it.
  if (byLink === hasPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: byLink ? 'passwordWithLink' : 'passwordRequired',
      input: value.password,
    });
  }
}

/**
 * A new user of the company: the manager gives a first password, which the user must change, or
 * has a link e-mailed to the user's address to set one (`password_setup`; a first password when
 * left out, as before the choice existed).
 */
export const newStaffUserSchema = newStaffUserFields.check(z.superRefine(passwordFitsSetup));
export type NewStaffUser = z.output<typeof newStaffUserSchema>;

/** What a manager changes of a user: role, branch, whether it may sign in. */
export const staffChangeSchema = z
  .object({
    role: z.optional(staffRoleSchema),
    branch_id: z.optional(
      z.number({ error: 'branchRequired' }).check(z.int(), z.positive('branchRequired')),
    ),
    active: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (change) => Object.values(change).some((value) => value !== undefined),
      'nothingToChange',
    ),
  );
export type StaffChange = z.output<typeof staffChangeSchema>;

/** A user as the staff screen lists it. */
export const staffUserSchema = z.object({
  user_id: z.number().check(z.int()),
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  role: staffRoleSchema,
  branch_id: z.number().check(z.int()),
  branch_name: z.string(),
  active: z.boolean(),
  /** ISO 8601 instant of the last sign-in; null for a user who never signed in. */
  last_sign_in: z.nullable(z.string()),
  /** Still on the first password a manager or an operator gave. */
  must_change_password: z.boolean(),
  /** Invited by an e-mailed link, and no password set through it yet. */
  password_pending: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** A branch as the staff screen and the branch switch list it. */
export const branchSummarySchema = z.object({
  retailer_branch_id: z.number().check(z.int()),
  branch_name: z.string(),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
});
export type BranchSummary = z.infer<typeof branchSummarySchema>;

/** `POST /api/v2/companies/{companyId}/retailers`: a new branch of the company. */
export const newBranchSchema = z.object({
  branch_name: oneLine('branchNameRequired', 255),
  address: z.optional(z.string().check(z.trim(), z.maxLength(255, 'textTooLong'), oneLineText)),
  city: z.optional(z.string().check(z.trim(), z.maxLength(100, 'textTooLong'), oneLineText)),
  postcode: z.optional(z.string().check(z.trim(), z.maxLength(20, 'textTooLong'), oneLineText)),
});
export type NewBranch = z.output<typeof newBranchSchema>;

/** A user's forms issued today, for the managers' Home: every active user, with its branch. */
export const clerkTodaySchema = z.object({
  user_id: z.number().check(z.int()),
  name: z.string(),
  branch_name: z.string(),
  /** Forms the user issued today (the shop's calendar day) that are not cancelled. */
  forms: z.number().check(z.int()),
});
export type ClerkToday = z.infer<typeof clerkTodaySchema>;
