import { z } from 'zod';
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
const EMAIL_MAX_LENGTH = 254;

const oneLine = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, 'textTooLong').check(oneLineText);

export const staffPasswordSchema = z
  .string({ error: 'newPasswordRequired' })
  .min(1, 'newPasswordRequired')
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'roleRequired' });

/** A new user of the company: the manager gives a first password, which the user must change. */
export const newStaffUserSchema = z.object({
  username: z
    .string({ error: USERNAME.required })
    .trim()
    .min(1, USERNAME.required)
    .max(USERNAME.maxLength, USERNAME.tooLong)
    .regex(/^[\p{L}\p{N}._@-]+$/u, 'usernameInvalid'),
  name: oneLine('nameRequired', 100),
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, 'emailRequired')
    .max(EMAIL_MAX_LENGTH, 'emailInvalid')
    .pipe(z.email('emailInvalid')),
  mobile: z.string().trim().max(32, 'textTooLong').check(oneLineText).optional(),
  role: staffRoleSchema,
  branch_id: z.number({ error: 'branchRequired' }).int().positive('branchRequired'),
  password: staffPasswordSchema,
});
export type NewStaffUser = z.output<typeof newStaffUserSchema>;

/** What a manager changes of a user: role, branch, whether it may sign in. */
export const staffChangeSchema = z
  .object({
    role: staffRoleSchema.optional(),
    branch_id: z.number({ error: 'branchRequired' }).int().positive('branchRequired').optional(),
    active: z.boolean().optional(),
  })
  .refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    'nothingToChange',
  );
export type StaffChange = z.output<typeof staffChangeSchema>;

/** A user as the staff screen lists it. */
export const staffUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: staffRoleSchema,
  branch_id: z.number().int(),
  branch_name: z.string(),
  active: z.boolean(),
  /** ISO 8601 instant of the last sign-in; null for a user who never signed in. */
  last_sign_in: z.string().nullable(),
  /** Still on the first password a manager or an operator gave. */
  must_change_password: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** A branch as the staff screen and the branch switch list it. */
export const branchSummarySchema = z.object({
  retailer_branch_id: z.number().int(),
  branch_name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
});
export type BranchSummary = z.infer<typeof branchSummarySchema>;

/** `POST /api/v2/companies/{companyId}/retailers`: a new branch of the company. */
export const newBranchSchema = z.object({
  branch_name: oneLine('branchNameRequired', 255),
  address: z.string().trim().max(255, 'textTooLong').check(oneLineText).optional(),
  city: z.string().trim().max(100, 'textTooLong').check(oneLineText).optional(),
  postcode: z.string().trim().max(20, 'textTooLong').check(oneLineText).optional(),
});
export type NewBranch = z.output<typeof newBranchSchema>;

/** A user's forms issued today, for the managers' Home: every active user, with its branch. */
export const clerkTodaySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  branch_name: z.string(),
  /** Forms the user issued today (the shop's calendar day) that are not cancelled. */
  forms: z.number().int(),
});
export type ClerkToday = z.infer<typeof clerkTodaySchema>;
