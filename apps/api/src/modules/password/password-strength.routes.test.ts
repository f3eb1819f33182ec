import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * Passwords fit for staff accounts: a password too easy to guess is refused on its field, saying
 * why in the user's language, when users choose their own and when a manager gives a first one.
 */

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(() => t.close());

const change = (password: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/users/password`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: { oldPassword: shop.password, password, confirmPassword: password },
  });

describe('choosing a password', () => {
  it.each([
    ['12345678', 'This password is among the most used ones: choose another'],
    ['password', 'This password is among the most used ones: choose another'],
    ['aaaaaaaa', 'Repeats and sequences such as aaaa or 1234 are easy to guess'],
  ])('refuses %s, saying why', async (password, message) => {
    const refused = await change(password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'password', message }]);
  });

  it('refuses the user’s own username and account number, in the language asked for', async () => {
    const refused = await change(`${shop.username}${shop.accountNo}`, 'hr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('password');
    expect(refused.json().errors[0].message).toMatch(/lozink/);
  });

  it('takes a few unrelated words', async () => {
    expect((await change('plava-riva-kiša-7')).statusCode).toBe(200);
  });
});

describe('a first password a manager gives', () => {
  it('is refused when weak, and nothing is written', async () => {
    const url = `/api/v2/companies/${shop.companyId}/users`;
    const manager = await login(t.app, { ...shop, password: 'plava-riva-kiša-7' });
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(manager),
      payload: {
        username: 'weakling',
        name: 'Weak Ling',
        email: 'weak@shop.example',
        role: 'clerk',
        branch_id: shop.branchId,
        password: 'qwertyuiop',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'password' });
    const list = await t.app.inject({ url, headers: bearer(manager) });
    expect(list.json().data.map((u: { username: string }) => u.username)).not.toContain('weakling');
  });
});
