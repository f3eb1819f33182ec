import {
  newStaffUserFields,
  PASSWORD_SETUPS,
  staffPasswordSchema,
  type NewStaffUser,
  type PasswordSetup,
  type StaffRole,
} from '@taxfree/domain';
import * as z from 'zod/mini';

/** With a first password chosen, it is checked as the server checks it; with a link, not at all. */
function firstPasswordChecked(
  value: { password_setup: PasswordSetup; password: string },
  ctx: z.core.$RefinementCtx,
) {
  if (value.password_setup !== 'first_password') return;
  for (const issue of staffPasswordSchema.safeParse(value.password).error?.issues ?? []) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: issue.message,
      input: value.password,
    });
  }
}

/**
 * The Add a user form: the fields of `newStaffUserSchema`, the branch as the select box holds it
 * (its id as text), the mobile as typed ('' for none), and the password as typed, kept while the
 * choice is a link and not sent then.
 */
export const newUserFormSchema = z
  .extend(newStaffUserFields, {
    branch_id: z.string().check(z.minLength(1, 'branchRequired')),
    mobile: z.string().check(z.trim(), z.maxLength(32, 'textTooLong')),
    password_setup: z.enum(PASSWORD_SETUPS),
    password: z.string(),
  })
  .check(z.superRefine(firstPasswordChecked));
export type NewUserFormValues = z.input<typeof newUserFormSchema>;
type NewUserFormOutput = z.output<typeof newUserFormSchema>;

/** The server's field names the form shows on its own fields. */
export const NEW_USER_FIELDS = [
  'username',
  'name',
  'email',
  'mobile',
  'role',
  'branch_id',
  'password_setup',
  'password',
] as const;

/** A new user starts as a clerk of the branch the manager works in, with a first password. */
export function emptyNewUser(branchId = '', role: StaffRole = 'clerk'): NewUserFormValues {
  return {
    username: '',
    name: '',
    email: '',
    mobile: '',
    role,
    branch_id: branchId,
    password_setup: 'first_password',
    password: '',
  };
}

/**
 * What `POST …/users` takes: the branch as a number, no mobile rather than an empty one, the
 * password only when the manager gives a first one.
 */
export function toNewUserPayload(values: NewUserFormOutput): NewStaffUser {
  const { mobile, branch_id, password, ...rest } = values;
  return {
    ...rest,
    branch_id: Number(branch_id),
    ...(mobile ? { mobile } : {}),
    ...(rest.password_setup === 'first_password' ? { password } : {}),
  };
}
