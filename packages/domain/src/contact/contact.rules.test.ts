import { describe, expect, it } from 'vitest';
import { checkPhone, isValidPhone, normalisePhone } from './contact.rules.ts';
import { isValidEmail } from './email.rules.ts';

describe('e-mail addresses', () => {
  it.each(['ana.horvat@example.hr', 'traveller+refund@mail.co.uk', ' john@example.com '])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each(['', 'ana', 'ana@', '@example.hr', 'ana@example', 'ana horvat@example.hr', 'a@b..hr'])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('refuses an address longer than SMTP carries', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(190)}.hr`)).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+385 91 234 5678', '+385912345678', 'HR'],
    ['+381 64 123 4567', '+381641234567', 'RS'],
    ['+387 61 123 456', '+38761123456', 'BA'],
    ['+1 (201) 555-0123', '+12015550123', 'US'],
    ['+86 139 1234 5678', '+8613912345678', 'CN'],
    ['00385 1 4567 890', '+38514567890', 'HR'],
  ])('accepts %s as %s', (input, e164, country) => {
    expect(checkPhone(input)).toEqual({ isValid: true, e164, country });
  });

  it('reads national numbers for a default country', () => {
    expect(normalisePhone('091 234 5678', 'HR')).toBe('+385912345678');
    expect(normalisePhone('064/123-4567', 'RS')).toBe('+381641234567');
    expect(normalisePhone('061 123 456', 'BA')).toBe('+38761123456');
    expect(normalisePhone('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(normalisePhone('139 1234 5678', 'CN')).toBe('+8613912345678');
  });

  it('needs a "+" or a default country to read a number', () => {
    expect(isValidPhone('091 234 5678')).toBe(false);
  });

  it.each(['', 'abc', '12', '+385 0', '+385 91 234 5678 999 999', '+999 1234 5678', '091-ABC'])(
    'refuses %j',
    (input) => {
      expect(isValidPhone(input, 'HR')).toBe(false);
    },
  );
});
