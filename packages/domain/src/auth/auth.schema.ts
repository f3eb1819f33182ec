import { z } from 'zod';

/**
 * Validation messages are keys of the `validation` catalogue, so the browser and the server
 * show the same sentence in the user's language.
 */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const accountNo = required('accountNoRequired').max(32, 'accountNoTooLong');
const newPassword = z
  .string({ error: 'newPasswordRequired' })
  .min(1, 'newPasswordRequired')
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const email = required('emailRequired').max(254, 'emailInvalid').pipe(z.email('emailInvalid'));

export const loginRequestSchema = z.object({
  accountno: accountNo,
  username: required('usernameRequired').max(64, 'usernameTooLong'),
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, 'passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
  apptype: z.literal('WEB').default('WEB'),
  environment: z.literal('Production').default('Production'),
  deviceuid: z.string().max(128).optional(),
  isRetailerWebPortal: z.union([z.literal(true), z.literal(1)]).default(true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The login form as the browser shows it: the fixed fields are added when it is sent. */
export const loginFormSchema = loginRequestSchema.pick({
  accountno: true,
  username: true,
  password: true,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const loginResponseDataSchema = z.object({
  token: z.string(),
  token_expiry: z.string().describe('ISO 8601 instant at which the session ends'),
  company_id: z.number().int(),
  account_no: z.string(),
  username: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  user_master_id: z.number().int(),
  user_id: z.number().int(),
  retailerInfo: z.object({
    retailer_branch_id: z.number().int(),
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

const confirmMatches = <T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.confirmPassword !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirmPasswordMismatch' });
  }
};

export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: 'oldPasswordRequired' })
      .min(1, 'oldPasswordRequired')
      .max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    password: newPassword,
    confirmPassword: z
      .string({ error: 'confirmPasswordRequired' })
      .min(1, 'confirmPasswordRequired'),
  })
  .superRefine(confirmMatches);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({
  accountno: accountNo,
  email,
});
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetTokenSchema = z
  .string()
  .trim()
  .min(1, 'resetTokenInvalid')
  .max(128, 'resetTokenInvalid')
  .regex(/^[A-Za-z0-9_-]+$/, 'resetTokenInvalid');

export const resetPasswordSchema = z
  .object({
    accountno: accountNo,
    token: resetTokenSchema,
    password: newPassword,
    confirmPassword: z
      .string({ error: 'confirmPasswordRequired' })
      .min(1, 'confirmPasswordRequired'),
  })
  .superRefine(confirmMatches);
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
