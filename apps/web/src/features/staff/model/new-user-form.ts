import { newStaffUserSchema, type NewStaffUser, type StaffRole } from '@taxfree/domain';
import * as z from 'zod/mini';

/**
 * The Add a user form: the fields of `newStaffUserSchema`, the branch as the select box holds it
 * (its id as text) and the mobile as typed ('' for none).
 */
export const newUserFormSchema = z.extend(newStaffUserSchema, {
  branch_id: z.string().check(z.minLength(1, 'branchRequired')),
  mobile: z.string().check(z.trim(), z.maxLength(32, 'textTooLong')),
});
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
  'password',
] as const;

/** A new user starts as a clerk of the branch the manager works in. */
export function emptyNewUser(branchId = '', role: StaffRole = 'clerk'): NewUserFormValues {
  return { username: '', name: '', email: '', mobile: '', role, branch_id: branchId, password: '' };
}

/** What `POST …/users` takes: the branch as a number, no mobile rather than an empty one. */
export function toNewUserPayload(values: NewUserFormOutput): NewStaffUser {
  const { mobile, branch_id, ...rest } = values;
  return { ...rest, branch_id: Number(branch_id), ...(mobile ? { mobile } : {}) };
}
