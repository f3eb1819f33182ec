import { describe, expect, it } from 'vitest';
import { loginFormSchema } from './auth.schema.ts';
import { checkText, LOGIN_RULES } from './login-rules.ts';

const samples = [
  '',
  '   ',
  'demo',
  ' demo ',
  'x'.repeat(32),
  'x'.repeat(33),
  'y'.repeat(65),
  ' '.repeat(3) + 'p',
];

describe('login rules', () => {
  it('names the message of a blank or overlong field, and passes the rest', () => {
    expect(checkText(LOGIN_RULES.accountno, '  ')).toBe('accountNoRequired');
    expect(checkText(LOGIN_RULES.accountno, '100100')).toBeNull();
    expect(checkText(LOGIN_RULES.username, 'u'.repeat(65))).toBe('usernameTooLong');
    // A password is never trimmed: spaces are part of it.
    expect(checkText(LOGIN_RULES.password, '   ')).toBeNull();
    expect(checkText(LOGIN_RULES.password, '')).toBe('passwordRequired');
  });

  it('agrees with the schema the server checks, field by field', () => {
    for (const field of ['accountno', 'username', 'password'] as const) {
      for (const value of samples) {
        const body = { accountno: '100100', username: 'demo', password: 'secret', [field]: value };
        const parsed = loginFormSchema.safeParse(body);
        const message = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
        expect([field, value, message]).toEqual([
          field,
          value,
          checkText(LOGIN_RULES[field], value),
        ]);
      }
    }
  });
});
