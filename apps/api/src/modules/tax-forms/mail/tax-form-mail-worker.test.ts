import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { buildApp } from '../../../app.ts';
import { auditLog, formMails } from '../../../db/schema/index.ts';
import type { Mail } from '../../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import { startSmtpServer } from '../../../../test/support/smtp.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';
import { queueFormMail } from './tax-form-mails.repository.ts';

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  t = await createTestApp({ SMTP_URL: '' });
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

async function issueForm(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`,
    headers: bearer(token),
    payload: issuePayload({ today: dayIn(shop.timeZone), taxform: { traveler_email: email } }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number } }>().data;
}

const outboxFiles = () => {
  const outbox = path.join(t.dataDir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
};

describe('the mail worker', () => {
  it('sends the issue’s e-mail right after the answer, without being asked', async () => {
    const before = outboxFiles().length;
    const form = await issueForm('at.once@mail.example');
    // No runDue: the answer's commit wakes the worker (the first render of a process is the slow part).
    for (let i = 0; i < 300 && outboxFiles().length === before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(outboxFiles().length).toBe(before + 1);
    // The message is written out first, then recorded as sent.
    const mailRow = async () =>
      (await t.database.db.select().from(formMails).where(eq(formMails.taxFormId, form.id)))[0];
    await expect.poll(mailRow, { timeout: 5_000 }).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('shares the queue between two processes on one database without sending an e-mail twice', async () => {
    const form = await issueForm('');
    const ids: number[] = [];
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i += 1) {
        const id = await queueFormMail(tx, {
          companyId: shop.companyId,
          formId: form.id,
          kind: 'validated',
          userId: shop.userId,
          recipient: `twice${i}@mail.example`,
        });
        ids.push(id!);
      }
    });
    // A second server process: its own app and mailer, the same database.
    const sentBy = { first: [] as string[], second: [] as string[] };
    const recording = (into: string[]) => ({
      send: async (mail: Mail) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        into.push(mail.to);
      },
    });
    const second = await buildApp({
      config: t.config,
      database: t.database,
      mailer: recording(sentBy.second),
      secretKey: crypto.randomBytes(32),
    });
    const first = await buildApp({
      config: t.config,
      database: t.database,
      mailer: recording(sentBy.first),
      secretKey: crypto.randomBytes(32),
    });
    try {
      const [a, b] = await Promise.all([first.formMails.runDue(), second.formMails.runDue()]);
      expect(a + b).toBe(8);
      const all = [...sentBy.first, ...sentBy.second].sort();
      expect(all).toEqual(ids.map((_, i) => `twice${i}@mail.example`).sort());
      const rows = await t.database.db
        .select()
        .from(formMails)
        .where(eq(formMails.taxFormId, form.id))
        .orderBy(asc(formMails.id));
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(form.id)));
      expect(audited.filter((entry) => entry.action === 'form.mail')).toHaveLength(8);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('sends through the mail server when SMTP_URL is set, the PDF attached', async () => {
    const smtp = await startSmtpServer();
    const local = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const retailer = await createRetailerFixture(local.database.db);
      const response = await local.app.inject({
        method: 'POST',
        url: `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms/issue`,
        headers: bearer(await login(local.app, retailer)),
        payload: issuePayload({
          today: dayIn(retailer.timeZone),
          taxform: { traveler_email: 'smtp@mail.example', traveller_language: 'es' },
        }),
      });
      expect(response.statusCode).toBe(200);
      const { barcode } = response.json<{ data: { barcode: string } }>().data;
      await local.app.formMails.runDue();
      const mail = await smtp.waitForMail();
      expect(mail.to).toEqual(['smtp@mail.example']);
      expect(mail.subject).toBe(
        `Su formulario tax free n.º ${barcode} de Shop ${retailer.accountNo}`,
      );
      expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
        [`${barcode}.pdf`, 'application/pdf'],
      ]);
      expect(mail.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
      expect(fs.existsSync(path.join(local.dataDir, 'outbox'))).toBe(false);
    } finally {
      await local.close();
      await smtp.close();
    }
  });
});
