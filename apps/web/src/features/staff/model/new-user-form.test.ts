import { describe, expect, it } from 'vitest';
import { emptyNewUser, newUserFormSchema, toNewUserPayload } from './new-user-form';

describe('the Add a user form', () => {
  it('starts as a clerk of the branch the manager works in', () => {
    expect(emptyNewUser('9')).toMatchObject({ role: 'clerk', branch_id: '9', password: '' });
  });

  it('sends the branch as a number and no mobile when none was typed', () => {
    const values = newUserFormSchema.parse({
      ...emptyNewUser('11'),
      username: ' marta ',
      name: 'Marta Jurić',
      email: 'marta@shop.example',
      mobile: '  ',
      password: 'summer2026',
    });
    expect(toNewUserPayload(values)).toEqual({
      username: 'marta',
      name: 'Marta Jurić',
      email: 'marta@shop.example',
      role: 'clerk',
      branch_id: 11,
      password_setup: 'first_password',
      password: 'summer2026',
    });
  });

  it('asks for no password with a link, and sends none', () => {
    const link = { ...emptyNewUser('11'), password_setup: 'email_link' as const };
    const values = newUserFormSchema.parse({
      ...link,
      username: 'marta',
      name: 'Marta Jurić',
      email: 'marta@shop.example',
      password: 'typed before the choice',
    });
    expect(toNewUserPayload(values)).not.toHaveProperty('password');
    expect(toNewUserPayload(values).password_setup).toBe('email_link');
    const blank = newUserFormSchema.safeParse({ ...emptyNewUser('11'), username: 'ivo' });
    const passwordIssue = blank.error?.issues.find((issue) => issue.path[0] === 'password');
    expect(passwordIssue?.message).toBe('passwordRequired');
    const blankLink = newUserFormSchema.safeParse({ ...link, username: 'ivo' });
    expect(blankLink.error?.issues.map((issue) => issue.path[0])).not.toContain('password');
  });

  it('keeps a mobile that was typed', () => {
    const values = newUserFormSchema.parse({
      ...emptyNewUser('9'),
      username: 'ivo',
      name: 'Ivo',
      email: 'ivo@shop.example',
      mobile: '+385 91 111 2222',
      password: 'summer2026',
    });
    expect(toNewUserPayload(values).mobile).toBe('+385 91 111 2222');
  });

  it('asks for a branch', () => {
    const result = newUserFormSchema.safeParse({ ...emptyNewUser(''), username: 'ivo' });
    const branchIssue = result.error?.issues.find((issue) => issue.path[0] === 'branch_id');
    expect(branchIssue?.message).toBe('branchRequired');
  });
});
