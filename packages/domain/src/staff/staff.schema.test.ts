import { describe, expect, it } from 'vitest';
import { newStaffUserSchema } from './staff.schema.ts';

const user = {
  username: 'marta',
  name: 'Marta Jurić',
  email: 'marta@shop.example',
  role: 'clerk',
  branch_id: 9,
};

const passwordIssues = (input: object) =>
  newStaffUserSchema
    .safeParse(input)
    .error?.issues.filter((issue) => issue.path[0] === 'password')
    .map((issue) => issue.message) ?? [];

describe('a new user and its password', () => {
  it('takes a first password when none of the choice is said, as before the choice existed', () => {
    const parsed = newStaffUserSchema.parse({ ...user, password: 'first-pass-2026' });
    expect(parsed).toMatchObject({ password_setup: 'first_password', password: 'first-pass-2026' });
    expect(passwordIssues(user)).toEqual(['passwordRequired']);
    expect(passwordIssues({ ...user, password_setup: 'first_password' })).toEqual([
      'passwordRequired',
    ]);
  });

  it('takes no password with an e-mailed link, and still wants the address', () => {
    const parsed = newStaffUserSchema.parse({ ...user, password_setup: 'email_link' });
    expect(parsed.password).toBeUndefined();
    expect(passwordIssues({ ...user, password_setup: 'email_link', password: 'x' })).toEqual([
      'passwordTooShort',
      'passwordWithLink',
    ]);
    const noEmail = newStaffUserSchema.safeParse({
      ...user,
      email: '',
      password_setup: 'email_link',
    });
    expect(noEmail.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'emailRequired'],
    ]);
  });
});
