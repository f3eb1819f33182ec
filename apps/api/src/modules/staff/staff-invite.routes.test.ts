import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { startSmtpServer } from '../../../test/support/smtp.ts';

/**
 * A manager adds a user who sets its own password through an e-mailed link (`email_link`): the
 * user has no password until then and cannot sign in; the link is a reset link, valid once.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Retailer;
let token: string;
/** While true, the app's mailer fails as a mail server that is down. */
let mailServerDown = false;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@shop.example>' },
    {
      wrapMailer: (mailer) => ({
        send: (mail) =>
          mailServerDown ? Promise.reject(new Error('mail server down')) : mailer.send(mail),
      }),
    },
  );
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let serial = 0;
const invitee = (overrides: Record<string, unknown> = {}) => ({
  username: `invited${++serial}`,
  name: `Invited Member ${serial}`,
  email: `invited${serial}@shop.example`,
  role: 'clerk',
  branch_id: shop.branchId,
  password_setup: 'email_link',
  ...overrides,
});

const add = (payload: object, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/users`,
    headers: { ...bearer(token), 'accept-language': language },
    payload,
  });

const signIn = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/authorization',
    payload: { accountno: shop.accountNo, username, password },
  });

const usersOfShop = async () => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.companyId, shop.companyId));
  return row!.n;
};

const tokenFrom = (text: string) => /#\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('a new user invited by e-mail', () => {
  it('gets one e-mail with a link that sets its password; it cannot sign in before', async () => {
    const body = invitee({ name: 'Marta Jurić', email: 'Marta.Juric@Shop.Example' });
    const before = smtp.inbox.length;
    const added = await add(body, 'de');
    expect(added.statusCode).toBe(200);
    const userId: number = added.json().data.user_id;

    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['marta.juric@shop.example']);
    expect(mail.subject).toBe('Einladung zum Tax Free Portal');
    expect(mail.text).toContain('Guten Tag Marta Jurić,');
    expect(mail.text).toContain(`Shop ${shop.accountNo} hat Sie zum Tax Free Portal eingeladen.`);
    expect(mail.text).toContain(`Kontonummer ${shop.accountNo}`);
    expect(mail.text).toContain(`Benutzernamen ${body.username}`);
    expect(mail.text).toContain('7 Tage lang gültig');
    const link = tokenFrom(mail.text)!;
    // The link opens the page in the e-mail's language.
    expect(mail.text).toContain(`http://portal.test/#/resetPassword?token=${link}&lang=de`);
    expect(mail.html).toContain(
      `href="http://portal.test/#/resetPassword?token=${link}&#38;lang=de"`,
    );

    // No password at all, not even the mark stored in its place.
    for (const password of ['anything-at-all', NO_PASSWORD, '']) {
      const refused = await signIn(body.username, password);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    expect((await signIn(body.username, 'anything-at-all')).json().code).toBe(
      'INVALID_CREDENTIALS',
    );

    // The staff list says the invitation is not taken up yet, and then that it is.
    const pending = async () => {
      const listed = await t.app.inject({
        url: `/api/v2/companies/${shop.companyId}/users`,
        headers: bearer(token),
      });
      const staff = listed.json<{ data: { user_id: number; password_pending: boolean }[] }>().data;
      return staff.find((user) => user.user_id === userId)?.password_pending;
    };
    expect(await pending()).toBe(true);

    expect((await t.app.inject({ url: `/api/v2/resetPassword/${link}` })).statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${link}`,
      payload: {
        accountno: shop.accountNo,
        token: link,
        password: 'plava-riva-kiša-7',
        confirmPassword: 'plava-riva-kiša-7',
      },
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await signIn(body.username, 'plava-riva-kiša-7');
    expect(signedIn.statusCode).toBe(200);
    // Its own password: nothing to change at the first sign-in.
    expect(signedIn.json().data).toMatchObject({ user_id: userId, role: 'clerk', firstLogin: 0 });
    expect(await pending()).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.inbox.length).toBe(before + 1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(userId))));
    expect(audit).toMatchObject({
      companyId: shop.companyId,
      userId: shop.userId,
      details: { username: body.username, passwordSetup: 'email_link' },
    });
  });

  it('refuses a link without an e-mail address, in the language asked for, and writes nothing', async () => {
    const before = await usersOfShop();
    const mails = smtp.inbox.length;
    for (const email of [undefined, '', '  ']) {
      const refused = await add(invitee({ email }), 'hr');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: 'email', message: 'Adresa e-pošte je obvezna' },
      ]);
    }
    const english = await add(invitee({ email: '' }));
    expect(english.json().errors).toEqual([{ field: 'email', message: 'Email is required' }]);
    expect(await usersOfShop()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.inbox.length).toBe(mails);
  });

  it('takes a password only with a first password, and a first password only with one', async () => {
    const before = await usersOfShop();
    const withLink = await add(invitee({ password: 'first-pass-2026' }));
    expect(withLink.statusCode).toBe(400);
    expect(withLink.json().errors).toEqual([
      {
        field: 'password',
        message: 'Leave the password out: the user sets one through the e-mailed link',
      },
    ]);
    for (const setup of [{ password_setup: 'first_password' }, { password_setup: undefined }]) {
      const without = await add(invitee(setup));
      expect(without.statusCode).toBe(400);
      expect(without.json().errors).toEqual([
        { field: 'password', message: 'Password cannot be blank' },
      ]);
    }
    expect((await add(invitee({ password_setup: 'by_pigeon' }))).statusCode).toBe(400);
    expect(await usersOfShop()).toBe(before);
  });

  it('adds the user when the mail server is down; a new link comes from the forgot-password screen', async () => {
    const body = invitee();
    mailServerDown = true;
    try {
      expect((await add(body)).statusCode).toBe(200);
    } finally {
      mailServerDown = false;
    }
    const [row] = await t.database.db
      .select({ passwordHash: users.passwordHash, mustChange: users.mustChangePassword })
      .from(users)
      .where(and(eq(users.companyId, shop.companyId), eq(users.username, body.username)));
    expect(row).toEqual({ passwordHash: NO_PASSWORD, mustChange: false });

    const before = smtp.inbox.length;
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: shop.accountNo, email: body.email },
    });
    expect(ask.statusCode).toBe(200);
    const link = tokenFrom((await smtp.waitForMail(before + 1)).text)!;
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${link}`,
      payload: {
        accountno: shop.accountNo,
        token: link,
        password: 'zelena-kuna-daska-4',
        confirmPassword: 'zelena-kuna-daska-4',
      },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(body.username, 'zelena-kuna-daska-4')).statusCode).toBe(200);
  });
});
