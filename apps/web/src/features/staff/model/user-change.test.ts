import type { StaffUser } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { toStaffChange, toUserChangeValues } from './user-change';

const user: StaffUser = {
  user_id: 5,
  username: 'ivo',
  name: 'Ivo Babić',
  email: null,
  mobile: null,
  role: 'clerk',
  branch_id: 9,
  branch_name: 'Main Square',
  active: true,
  last_sign_in: null,
  must_change_password: false,
  password_pending: false,
};

describe('a change of role or branch', () => {
  it('sends only what changed', () => {
    expect(toStaffChange(user, { role: 'manager', branch_id: '9' })).toEqual({ role: 'manager' });
    expect(toStaffChange(user, { role: 'clerk', branch_id: '11' })).toEqual({ branch_id: 11 });
  });

  it('sends nothing when nothing changed', () => {
    expect(toStaffChange(user, toUserChangeValues(user))).toBeNull();
  });
});
