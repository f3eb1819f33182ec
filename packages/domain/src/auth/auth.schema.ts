// zod/mini: the same schemas as zod, in a tree-shakable form, so the sign-in screens stay small.
import * as z from 'zod/mini';
import { LOGIN_RULES, type TextRule } from './login-rules.ts';
import { oneLineText } from '../content/plain-text.rules.ts';
import { STAFF_ROLES } from '../staff/roles.ts';

/**
 * Validation messages are keys of the `validation` catalogue, so the browser and the server
 * show the same sentence in the user's language.
 */
const required = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message));

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = LOGIN_RULES.password.maxLength;

const fromRule = (rule: TextRule) => {
  const text = rule.keepSpaces
    ? z
        .string({ error: rule.required })
        .check(z.minLength(1, rule.required), z.maxLength(rule.maxLength, rule.tooLong))
    : required(rule.required).check(z.maxLength(rule.maxLength, rule.tooLong));
  return rule.oneLine ? text.check(oneLineText) : text;
};

const accountNo = fromRule(LOGIN_RULES.accountno);
const newPassword = z
  .string({ error: 'newPasswordRequired' })
  .check(
    z.minLength(1, 'newPasswordRequired'),
    z.minLength(PASSWORD_MIN_LENGTH, 'passwordTooShort'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
  );
const confirmPassword = z
  .string({ error: 'confirmPasswordRequired' })
  .check(z.minLength(1, 'confirmPasswordRequired'));
const email = required('emailRequired').check(
  z.maxLength(254, 'emailInvalid'),
  z.email('emailInvalid'),
);

const credentials = {
  accountno: accountNo,
  username: fromRule(LOGIN_RULES.username),
  password: fromRule(LOGIN_RULES.password),
};

/** The login form as the browser shows it: the fixed fields are added when it is sent. */
export const loginFormSchema = z.object(credentials);
export type LoginForm = z.infer<typeof loginFormSchema>;

export const loginRequestSchema = z.object({
  ...credentials,
  apptype: z._default(z.literal('WEB'), 'WEB'),
  environment: z._default(z.literal('Production'), 'Production'),
  deviceuid: z.optional(z.string().check(z.maxLength(128))),
  isRetailerWebPortal: z._default(z.union([z.literal(true), z.literal(1)]), true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseDataSchema = z.object({
  token: z.string(),
  /** ISO 8601 instant at which the session ends. */
  token_expiry: z.string(),
  company_id: z.number().check(z.int()),
  account_no: z.string(),
  username: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  user_master_id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  /** `manager` or `clerk`: what the user may do (staff/roles.ts). */
  role: z.enum(STAFF_ROLES),
  retailerInfo: z.object({
    retailer_branch_id: z.number().check(z.int()),
    country: z.string(),
    branch_name: z.string(),
  }),
  ushopSetting: z.string(),
  firstLogin: z.union([z.literal(0), z.literal(1)]),
  tfs_setting_info: z.object({
    vat_setting: z.object({ product_rates: z.string() }),
  }),
});
export type LoginResponseData = z.infer<typeof loginResponseDataSchema>;

const confirmMatches = z.superRefine(
  (value: { password: string; confirmPassword: string }, ctx) => {
    if (value.confirmPassword !== value.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'confirmPasswordMismatch',
        input: value.confirmPassword,
      });
    }
  },
);

export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: 'oldPasswordRequired' })
      .check(
        z.minLength(1, 'oldPasswordRequired'),
        z.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
      ),
    password: newPassword,
    confirmPassword,
  })
  .check(confirmMatches);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ accountno: accountNo, email });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetTokenSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'resetTokenInvalid'),
    z.maxLength(128, 'resetTokenInvalid'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'resetTokenInvalid'),
  );

export const resetPasswordSchema = z
  .object({ accountno: accountNo, token: resetTokenSchema, password: newPassword, confirmPassword })
  .check(confirmMatches);
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
