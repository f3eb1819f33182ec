import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetUserPassword } from '../../cli/commands.ts';
import { passwordResetTokens, sessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { startSmtpServer } from '../../../test/support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@shop.example>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const changePassword = (
  shop: Retailer,
  token: string,
  body: Record<string, unknown>,
  lang = 'en',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/users/password`,
    headers: { ...bearer(token), 'accept-language': lang },
    payload: body,
  });

const tokenFrom = (text: string) => /#\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('change password', () => {
  it('refuses a wrong old password and a confirmation that differs', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const token = await login(t.app, shop);
    const wrongOld = await changePassword(shop, token, {
      oldPassword: 'not-it',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().code).toBe('OLD_PASSWORD_WRONG');
    const mismatch = await changePassword(shop, token, {
      oldPassword: shop.password,
      password: 'new-password-1',
      confirmPassword: 'new-password-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { field: 'confirmPassword', message: 'Confirm Password & New Password should be same' },
    ]);
    const blank = await changePassword(shop, token, {}, 'sl-SI');
    expect(
      blank
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['confirmPassword', 'oldPassword', 'password']);
    expect(await login(t.app, shop)).toBeTruthy();
  });

  it('changes the password, ends the first-login state and signs out other devices', async () => {
    const shop = await createRetailerFixture(t.database.db, { mustChangePassword: true });
    const otherDevice = await login(t.app, shop);
    const token = await login(t.app, shop);
    const response = await changePassword(shop, token, {
      oldPassword: shop.password,
      password: 'a-new-secret',
      confirmPassword: 'a-new-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Password changed successfully',
    });

    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: shop.username, password: 'a-new-secret' },
    });
    expect(relogin.json().data.firstLogin).toBe(0);
    const userUrl = `/api/v2/companies/${shop.companyId}/users/${shop.userId}`;
    expect((await t.app.inject({ url: userUrl, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: userUrl, headers: bearer(otherDevice) })).statusCode).toBe(
      401,
    );
  });
});

describe('forgot and reset password', () => {
  it('e-mails a working single-use link through SMTP, in the language of the request', async () => {
    const shop = await createRetailerFixture(t.database.db, { email: 'Clerk.Reset@Shop.Example' });
    const session = await login(t.app, shop);
    const before = smtp.inbox.length;
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      headers: { 'accept-language': 'de' },
      payload: { accountno: shop.accountNo, email: 'clerk.reset@shop.example' },
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().status).toBe('success');

    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['clerk.reset@shop.example']);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    const token = tokenFrom(mail.text);
    expect(token).toBeDefined();
    expect(mail.text).toContain(`http://portal.test/#/resetPassword?token=${token}&lang=de`);

    const stored = await t.database.db.select().from(passwordResetTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    const check = await t.app.inject({ url: `/api/v2/resetPassword/${token}` });
    expect(check.statusCode).toBe(200);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: {
        accountno: shop.accountNo,
        token,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(
      'Password has been changed successfully. Please use your new password to login',
    );

    expect(await login(t.app, { ...shop, password: 'brand-new-pass' })).toBeTruthy();
    const oldSession = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/users/${shop.userId}`,
      headers: bearer(session),
    });
    expect(oldSession.statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: {
        accountno: shop.accountNo,
        token,
        password: 'another-pass-1',
        confirmPassword: 'another-pass-1',
      },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await t.app.inject({ url: `/api/v2/resetPassword/${token}` })).statusCode).toBe(400);
  });

  it('answers the same for an unknown account or e-mail, and sends nothing', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const before = smtp.inbox.length;
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: shop.accountNo, email: 'nobody@shop.example' },
    });
    const unknownAccount = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: '1', email: shop.email },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: shop.accountNo, email: shop.email },
    });
    expect(unknownEmail.json()).toEqual(known.json());
    expect(unknownAccount.json()).toEqual(known.json());
    await smtp.waitForMail(before + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox.length).toBe(before + 1);
  });

  it('still lists the errors of a malformed request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: '', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'accountno', message: 'Account No cannot be blank' },
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('refuses an expired token, a token of another account and a mismatched body token', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const before = smtp.inbox.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: shop.accountNo, email: shop.email },
    });
    const token = tokenFrom((await smtp.waitForMail(before + 1)).text)!;
    const body = { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };

    const otherAccount = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: { ...body, accountno: '123' },
    });
    expect(otherAccount.statusCode).toBe(400);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: { ...body, accountno: shop.accountNo, token: 'x'.repeat(43) },
    });
    expect(mismatched.statusCode).toBe(400);

    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.companyId, shop.companyId));
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: { ...body, accountno: shop.accountNo },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('RESET_TOKEN_INVALID');
    expect(await login(t.app, shop)).toBeTruthy();
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, shop.userId));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
  });
});

describe('older reset links', () => {
  /** Asks for a link as the forgot-password screen does, and reads it from the e-mail. */
  async function askForLink(shop: Retailer): Promise<string> {
    const before = smtp.inbox.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: shop.accountNo, email: shop.email },
    });
    expect(response.statusCode).toBe(200);
    return tokenFrom((await smtp.waitForMail(before + 1)).text)!;
  }
  const isLive = async (token: string) =>
    (await t.app.inject({ url: `/api/v2/resetPassword/${token}` })).statusCode === 200;
  const reset = (shop: Retailer, token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: { accountno: shop.accountNo, token, password, confirmPassword: password },
    });

  it('stop working when a newer link is asked for', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const older = await askForLink(shop);
    const newer = await askForLink(shop);
    expect(await isLive(older)).toBe(false);
    const refused = await reset(shop, older, 'older-link-pass');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(shop, newer, 'newer-link-pass')).statusCode).toBe(200);
    expect(await login(t.app, { ...shop, password: 'newer-link-pass' })).toBeTruthy();
  });

  it('stop working when another link of the user is used', async () => {
    const shop = await createRetailerFixture(t.database.db);
    // Two live links at once, as an earlier version of the portal left them.
    const [older, newer] = [createToken(), createToken()];
    for (const token of [older, newer]) {
      await t.database.db.insert(passwordResetTokens).values({
        companyId: shop.companyId,
        userId: shop.userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3600_000),
      });
    }
    expect((await reset(shop, newer, 'newer-link-pass')).statusCode).toBe(200);
    expect(await isLive(older)).toBe(false);
    expect((await reset(shop, older, 'older-link-pass')).statusCode).toBe(400);
    expect(await login(t.app, { ...shop, password: 'newer-link-pass' })).toBeTruthy();
  });

  it('stop working when the user changes the password', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const link = await askForLink(shop);
    const session = await login(t.app, shop);
    const changed = await changePassword(shop, session, {
      oldPassword: shop.password,
      password: 'changed-meanwhile',
      confirmPassword: 'changed-meanwhile',
    });
    expect(changed.statusCode).toBe(200);
    expect(await isLive(link)).toBe(false);
    expect((await reset(shop, link, 'from-the-old-link')).statusCode).toBe(400);
    expect(await login(t.app, { ...shop, password: 'changed-meanwhile' })).toBeTruthy();
  });

  it('stop working when an operator sets a new password', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const link = await askForLink(shop);
    await resetUserPassword(t.database.db, {
      accountNo: shop.accountNo,
      username: shop.username,
      password: 'operator-chose-1',
    });
    expect(await isLive(link)).toBe(false);
    expect((await reset(shop, link, 'from-the-old-link')).statusCode).toBe(400);
    expect(await login(t.app, { ...shop, password: 'operator-chose-1' })).toBeTruthy();
  });
});
