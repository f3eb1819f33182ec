import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
});
afterAll(() => t.close());

const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v2/authorization', payload, headers });

describe('POST /api/v2/authorization', () => {
  it('signs in and answers every field the portal stores', async () => {
    const response = await signIn({
      accountno: shop.accountNo,
      username: shop.username.toUpperCase(),
      password: shop.password,
      apptype: 'WEB',
      environment: 'Production',
      deviceuid: 'counter-1',
      isRetailerWebPortal: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('Login successful');
    expect(body.data).toMatchObject({
      company_id: shop.companyId,
      user_id: shop.userId,
      user_master_id: shop.userId,
      username: shop.username,
      account_no: shop.accountNo,
      retailerInfo: { retailer_branch_id: shop.branchId, country: 'HR' },
      ushopSetting: 'true',
      firstLogin: 0,
      tfs_setting_info: { vat_setting: { product_rates: '25,13,5' } },
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiry = new Date(body.data.token_expiry).getTime();
    expect(expiry - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, shop);
    const rows = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('answers a wrong password and an unknown account with the same translated message', async () => {
    const wrongPassword = await signIn(
      { accountno: shop.accountNo, username: shop.username, password: 'wrong-password' },
      { 'accept-language': 'hr' },
    );
    const unknownAccount = await signIn(
      { accountno: '999999999', username: shop.username, password: 'wrong-password' },
      { 'accept-language': 'hr' },
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAccount.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownAccount.json());
    expect(wrongPassword.json()).toMatchObject({ status: 'error', code: 'INVALID_CREDENTIALS' });
    expect(wrongPassword.json().message).not.toBe('Invalid account number, username or password.');
  });

  it('lists each blank field with its message in the language asked for', async () => {
    const response = await signIn(
      { accountno: ' ', username: '' },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const fields = Object.fromEntries(
      body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(Object.keys(fields).sort()).toEqual(['accountno', 'password', 'username']);
    expect(fields.accountno).not.toBe('Account No cannot be blank');
    const english = await signIn({ accountno: '', username: 'x', password: 'y' });
    expect(english.json().errors[0]).toEqual({
      field: 'accountno',
      message: 'Account No cannot be blank',
    });
  });

  it('refuses a body that is not JSON with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      headers: { 'content-type': 'application/json' },
      payload: '{"accountno": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
  });

  it('tells a user created by an operator to change the password first', async () => {
    const newcomer = await createRetailerFixture(t.database.db, { mustChangePassword: true });
    const response = await signIn({
      accountno: newcomer.accountNo,
      username: newcomer.username,
      password: newcomer.password,
    });
    expect(response.json().data.firstLogin).toBe(1);
  });

  it('allows such a user nothing but the password change until it is done', async () => {
    const newcomer = await createRetailerFixture(t.database.db, { mustChangePassword: true });
    const signedIn = await signIn({
      accountno: newcomer.accountNo,
      username: newcomer.username,
      password: newcomer.password,
    });
    const token = signedIn.json<{ data: { token: string } }>().data.token;
    const forms = `/api/v2/companies/${newcomer.companyId}/retailers/${newcomer.branchId}/taxforms`;
    const cancel = `/go-service/api/company/${newcomer.companyId}/tfsform/cancel_tfs_form/1`;

    const refused = await t.app.inject({
      url: forms,
      headers: { ...bearer(token), 'accept-language': 'de' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 'error',
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'Bitte ändern Sie Ihr Passwort, bevor Sie fortfahren.',
    });
    const cancelRefused = await t.app.inject({
      method: 'POST',
      url: cancel,
      headers: {
        authorization: `Basic ${Buffer.from(`${newcomer.accountNo}:${token}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Other', cancel_comments: '' },
    });
    expect(cancelRefused.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${newcomer.companyId}/users/password`,
      headers: bearer(token),
      payload: {
        oldPassword: newcomer.password,
        password: 'my-own-secret-9',
        confirmPassword: 'my-own-secret-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    const allowed = await t.app.inject({ url: forms, headers: bearer(token) });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses protected calls without, with a malformed or with a forged token', async () => {
    const url = `/api/v2/companies/${shop.companyId}/users/${shop.userId}`;
    const missing = await t.app.inject({ url });
    const malformed = await t.app.inject({ url, headers: { authorization: 'Bearer !!' } });
    const forged = await t.app.inject({ url, headers: bearer('A'.repeat(43)) });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    expect(malformed.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has expired');
  });

  it('refuses an expired session', async () => {
    const token = await login(t.app, shop);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/users/${shop.userId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('revokes the session on the server at logout', async () => {
    const token = await login(t.app, shop);
    const url = `/api/v2/companies/${shop.companyId}/users/${shop.userId}`;
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/authorization',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().status).toBe('success');
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/authorization',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('keeps a session in memory no longer than it lives', async () => {
    // Sessions of two seconds, kept up to ten: the kept one still ends at its expiry.
    const short = await createTestApp({ SESSION_TTL: '2', CACHE_TTL_MS: '10000' });
    try {
      const user = await createRetailerFixture(short.database.db);
      const token = await login(short.app, user);
      const url = `/api/v2/companies/${user.companyId}/users/${user.userId}`;
      expect((await short.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await short.app.inject({ url, headers: bearer(token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    } finally {
      await short.close();
    }
  });

  it('refuses a URL naming another company', async () => {
    const other = await createRetailerFixture(t.database.db);
    const token = await login(t.app, shop);
    const response = await t.app.inject({
      url: `/api/v2/companies/${other.companyId}/users/${other.userId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
    expect(response.body).not.toContain(other.username);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after five failures for one account from one address, even with the right password', async () => {
    const target = await createRetailerFixture(t.database.db);
    for (let i = 0; i < 5; i += 1) {
      const r = await signIn(
        { accountno: target.accountNo, username: target.username, password: `nope-${i}` },
        { 'x-forwarded-for': '10.0.0.1' },
      );
      expect(r.statusCode).toBe(401);
    }
    const blocked = await signIn(
      { accountno: target.accountNo, username: target.username, password: target.password },
      { 'accept-language': 'de' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.json().message).toMatch(/Minuten/);
  });

  it('answers 429 after twenty failures from one address across accounts', async () => {
    const local = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const victim = await createRetailerFixture(local.database.db);
      const from = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 20; i += 1) {
        await local.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          headers: from,
          payload: { accountno: `acct${i}`, username: 'guess', password: 'guess' },
        });
      }
      const blocked = await local.app.inject({
        method: 'POST',
        url: '/api/v2/authorization',
        headers: from,
        payload: {
          accountno: victim.accountNo,
          username: victim.username,
          password: victim.password,
        },
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await local.app.inject({
        method: 'POST',
        url: '/api/v2/authorization',
        headers: { 'x-forwarded-for': '198.51.100.7' },
        payload: {
          accountno: victim.accountNo,
          username: victim.username,
          password: victim.password,
        },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('login throttling by account and address', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => local.close());

  const signInFrom = (address: string, who: Retailer, password = who.password) =>
    local.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      headers: { 'x-forwarded-for': address },
      payload: { accountno: who.accountNo, username: who.username, password },
    });

  it("refuses the address that guessed a clerk's password five times, not the clerk at another", async () => {
    const clerk = await createRetailerFixture(local.database.db);
    const stranger = '203.0.113.50';
    const counter = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) {
      expect((await signInFrom(stranger, clerk, `guess-${i}`)).statusCode).toBe(401);
    }
    const blocked = await signInFrom(stranger, clerk);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signInFrom(counter, clerk)).statusCode).toBe(200);
    // The clerk's sign-in forgets the clerk's own failures, not the stranger's.
    expect((await signInFrom(stranger, clerk)).statusCode).toBe(429);
  });

  it("forgets an address's failures on an account once it signs in there", async () => {
    const clerk = await createRetailerFixture(local.database.db);
    const counter = '198.51.100.21';
    for (let i = 0; i < 4; i += 1) await signInFrom(counter, clerk, `typo-${i}`);
    expect((await signInFrom(counter, clerk)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await signInFrom(counter, clerk, `typo-again-${i}`);
    expect((await signInFrom(counter, clerk)).statusCode).toBe(200);
  });
});

describe('data at rest', () => {
  it('keeps passwords as argon2id hashes', async () => {
    const rows = await t.database.db.query.users.findMany({ where: (u) => eq(u.id, shop.userId) });
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=10,p=1\$/);
  });
});
