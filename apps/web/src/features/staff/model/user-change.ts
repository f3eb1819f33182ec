import type { StaffChange, StaffRole, StaffUser } from '@taxfree/domain';

/** The Change role or branch form: the role, and the branch's id as the select box holds it. */
export type UserChangeValues = { role: StaffRole; branch_id: string };

export const USER_CHANGE_FIELDS = ['role', 'branch_id'] as const;

export function toUserChangeValues(user: StaffUser): UserChangeValues {
  return { role: user.role, branch_id: String(user.branch_id) };
}

/** Only what the manager changed, for `PATCH …/users/{id}`; null when nothing changed. */
export function toStaffChange(user: StaffUser, values: UserChangeValues): StaffChange | null {
  const change: StaffChange = {};
  if (values.role !== user.role) change.role = values.role;
  const branchId = Number(values.branch_id);
  if (values.branch_id !== '' && branchId !== user.branch_id) change.branch_id = branchId;
  return Object.keys(change).length > 0 ? change : null;
}
