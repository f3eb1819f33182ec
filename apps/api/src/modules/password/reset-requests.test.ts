import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import { enqueueResetRequest, MAX_WAITING_RESET_REQUESTS } from './reset-requests.ts';
import { createRetailerFixture, type Retailer } from '../../../test/support/factories.ts';
import { startSmtpServer } from '../../../test/support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Client addresses from X-Forwarded-For, so each test asks from addresses of its own.
  t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (accountno: string, email: string, address: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/resetPassword',
    headers: { 'x-forwarded-for': address, 'accept-language': language },
    payload: { accountno, email },
  });
const linksOf = (shop: Retailer) =>
  t.database.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, shop.userId));
const auditOf = (shop: Retailer) =>
  t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'password.reset-requested')),
    );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('asking for a reset link', () => {
  it('is answered before the account is looked up; the link is made and sent afterwards', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const before = smtp.inbox.length;
    t.app.resetRequests.pause();
    try {
      const response = await ask(shop.accountNo, shop.email, '192.0.2.1');
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('success');
      await pause(100);
      expect(await linksOf(shop)).toEqual([]);
      expect(await auditOf(shop)).toEqual([]);
      expect(smtp.inbox.length).toBe(before);
    } finally {
      t.app.resetRequests.start();
    }
    await t.app.resetRequests.onIdle();
    expect(await linksOf(shop)).toHaveLength(1);
    expect(await auditOf(shop)).toHaveLength(1);
    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to.map((to) => to.toLowerCase())).toEqual([shop.email.toLowerCase()]);
    expect(mail.text).toMatch(/#\/resetPassword\?token=[A-Za-z0-9_-]{43}/);
    await pause(100);
    expect(smtp.inbox.length).toBe(before + 1);
  });

  it('refuses the sixth request for one account and e-mail within the hour, whether or not the account exists', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const before = smtp.inbox.length;
    const refusals = [];
    for (const [accountNo, email] of [
      [shop.accountNo, shop.email],
      ['987654321', 'nobody@shop.example'],
    ] as const) {
      for (let i = 0; i < 5; i += 1) {
        // Written differently and sent from another address each time: still one account.
        const written = i % 2 ? ` ${email.toUpperCase()} ` : email;
        const answer = await ask(` ${accountNo} `, written, `198.51.100.${i + 1}`);
        expect(answer.statusCode, `request ${i + 1} for ${accountNo}`).toBe(200);
      }
      refusals.push(await ask(accountNo, email, '198.51.100.99', 'de'));
    }
    const [known, unknown] = refusals;
    for (const refused of [known!, unknown!]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_RESET_REQUESTS' });
      expect(refused.json().message).toMatch(/in 60 Minuten/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(unknown!.body).toBe(known!.body);

    // Five e-mails for the five requests let through; the refused one sends nothing.
    await t.app.resetRequests.onIdle();
    await pause(100);
    expect(smtp.inbox.length).toBe(before + 5);
    expect(await linksOf(shop)).toHaveLength(5);
  });

  it('refuses an address its twenty-first request in a quarter of an hour, whatever the accounts', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 20; i += 1) {
      const answer = await ask(String(500_000 + i), `someone${i}@shop.example`, address);
      expect(answer.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await ask('500100', 'someone@shop.example', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_RESET_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await ask('500100', 'someone@shop.example', '203.0.113.78')).statusCode).toBe(200);
  });

  it('drops requests past the longest queue it keeps', async () => {
    const queue = t.app.resetRequests;
    queue.pause();
    try {
      const request = { accountno: '1', email: 'nobody@shop.example', language: 'en' } as const;
      for (let i = 0; i < MAX_WAITING_RESET_REQUESTS; i += 1) {
        expect(enqueueResetRequest(t.app, request)).toBe(true);
      }
      expect(enqueueResetRequest(t.app, request)).toBe(false);
      expect(queue.size).toBe(MAX_WAITING_RESET_REQUESTS);
    } finally {
      queue.clear();
      queue.start();
    }
  });

  it('sends the links asked for before the server closes', async () => {
    const local = await createTestApp();
    try {
      const shop = await createRetailerFixture(local.database.db);
      local.app.resetRequests.pause();
      const answer = await local.app.inject({
        method: 'POST',
        url: '/api/v2/resetPassword',
        payload: { accountno: shop.accountNo, email: shop.email },
      });
      expect(answer.statusCode).toBe(200);
      await local.app.close();
      const links = await local.database.db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, shop.userId));
      expect(links).toHaveLength(1);
      expect(fs.readdirSync(path.join(local.dataDir, 'outbox'))).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
