import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formMails,
  idempotencyKeys,
  loginFailures,
  throttleEvents,
  passwordResetTokens,
  sessions,
  storedFiles,
} from '../db/schema/index.ts';
import { ENDED_RECORDS_KEPT_MS, runHousekeeping } from '../lib/housekeeping.ts';
import { claimImage, purgeTemporaryFiles } from '../lib/stored-files.ts';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import {
  createFormFixture,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../test/support/factories.ts';
import { uploadImage } from '../../test/support/images.ts';

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(async () => {
  await t.close();
});

async function existing(names: string[]) {
  const rows = await t.database.db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, shop.companyId), inArray(storedFiles.name, names)));
  return rows.map((row) => row.name).sort();
}

async function age(name: string, seconds: number) {
  await t.database.db
    .update(storedFiles)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(storedFiles.name, name));
}

describe('unclaimed uploads', () => {
  it('are removed after their time to live; claimed and recent ones stay', async () => {
    const unclaimed = await uploadImage(t.app, token);
    const claimed = await uploadImage(t.app, token);
    const recent = await uploadImage(t.app, token);
    expect(await claimImage(t.database.db, shop.companyId, claimed)).toBe(true);
    await age(unclaimed, 2 * 86_400);
    await age(claimed, 2 * 86_400);

    const purged = await purgeTemporaryFiles(t.database.db, { ttlSeconds: 86_400 });
    expect(purged).toBe(1);
    expect(await existing([unclaimed, claimed, recent])).toEqual([claimed, recent].sort());
  });

  it("a claim fails for another company's upload or a purged one", async () => {
    const other = await createRetailerFixture(t.database.db);
    const name = await uploadImage(t.app, token);
    expect(await claimImage(t.database.db, other.companyId, name)).toBe(false);
    expect(await claimImage(t.database.db, shop.companyId, 'f'.repeat(32) + '.png')).toBe(false);
  });
});

describe("the server's own timer", () => {
  it('removes unclaimed uploads once their time to live is over, and stops on close', async () => {
    // A one-second time to live: the timer then looks every second.
    const own = await createTestApp({ UPLOAD_TEMP_TTL: '1' });
    try {
      const owner = await createRetailerFixture(own.database.db);
      const name = await uploadImage(own.app, await login(own.app, owner));
      const left = async () =>
        (
          await own.database.db
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(eq(storedFiles.name, name))
        ).length;
      expect(await left()).toBe(1);
      const deadline = Date.now() + 10_000;
      while ((await left()) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await left()).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe('housekeeping', () => {
  it('forgets retried-issue answers past their day, ended sessions and links, old sign-in failures', async () => {
    const db = t.database.db;
    const hours = (n: number) => new Date(Date.now() + n * 60 * 60 * 1000);
    const longAgo = new Date(Date.now() - ENDED_RECORDS_KEPT_MS - 60_000);
    await db.insert(idempotencyKeys).values([
      { companyId: shop.companyId, key: 'hk-old', requestHash: 'h', expiresAt: hours(-1) },
      { companyId: shop.companyId, key: 'hk-live', requestHash: 'h', expiresAt: hours(20) },
    ]);
    const session = (tokenHash: string, expiresAt: Date) => ({
      companyId: shop.companyId,
      branchId: shop.branchId,
      userId: shop.userId,
      tokenHash,
      expiresAt,
    });
    await db
      .insert(sessions)
      .values([
        session('a'.repeat(64), longAgo),
        session('b'.repeat(64), hours(-1)),
        session('c'.repeat(64), hours(8)),
      ]);
    const link = (tokenHash: string, expiresAt: Date) => ({
      companyId: shop.companyId,
      userId: shop.userId,
      tokenHash,
      expiresAt,
    });
    await db
      .insert(passwordResetTokens)
      .values([link('d'.repeat(64), longAgo), link('e'.repeat(64), hours(1))]);
    await db.insert(loginFailures).values([
      { accountKey: 'hk|old', ip: '192.0.2.1', createdAt: hours(-1) },
      { accountKey: 'hk|recent', ip: '192.0.2.1', createdAt: new Date() },
    ]);
    await db.insert(throttleEvents).values([
      { scope: 'hk', key: 'old', createdAt: hours(-25) },
      { scope: 'hk', key: 'recent', createdAt: hours(-1) },
    ]);

    const removed = await runHousekeeping(db, {
      uploadTtlSeconds: 86_400,
      files: t.database.files,
    });
    expect(removed).toMatchObject({
      idempotencyKeys: 1,
      sessions: 1,
      resetTokens: 1,
      loginFailures: 1,
      throttleEvents: 1,
    });
    const counted = await db
      .select({ key: throttleEvents.key })
      .from(throttleEvents)
      .where(eq(throttleEvents.scope, 'hk'));
    expect(counted.map((c) => c.key)).toEqual(['recent']);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, ['hk-old', 'hk-live']));
    expect(keys.map((k) => k.key)).toEqual(['hk-live']);
    const hashes = await db
      .select({ hash: sessions.tokenHash })
      .from(sessions)
      .where(
        sql`${sessions.tokenHash} in (${'a'.repeat(64)}, ${'b'.repeat(64)}, ${'c'.repeat(64)})`,
      );
    // A session that ended an hour ago is kept a while, for questions about it.
    expect(hashes.map((h) => h.hash[0]).sort()).toEqual(['b', 'c']);
    const links = await db
      .select({ hash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens);
    expect(links.map((l) => l.hash[0])).toEqual(['e']);
    const failures = await db
      .select({ key: loginFailures.accountKey })
      .from(loginFailures)
      .where(inArray(loginFailures.accountKey, ['hk|old', 'hk|recent']));
    expect(failures.map((f) => f.key)).toEqual(['hk|recent']);
  });

  it("forgets travellers' mails sent or given up on a week ago, never one still to send", async () => {
    const db = t.database.db;
    const formId = await createFormFixture(db, shop, { barcode: '000990000000017' });
    const longAgo = new Date(Date.now() - ENDED_RECORDS_KEPT_MS - 60_000);
    const mail = (recipient: string, status: string, createdAt: Date) => ({
      companyId: shop.companyId,
      taxFormId: formId,
      kind: 'issued',
      recipient,
      language: 'en',
      status,
      createdAt,
    });
    await db
      .insert(formMails)
      .values([
        mail('sent-old@mail.example', 'sent', longAgo),
        mail('failed-old@mail.example', 'failed', longAgo),
        mail('pending-old@mail.example', 'pending', longAgo),
        mail('sent-recent@mail.example', 'sent', new Date()),
      ]);

    const removed = await runHousekeeping(db, {
      uploadTtlSeconds: 86_400,
      files: t.database.files,
    });
    expect(removed.formMails).toBe(2);
    const left = await db
      .select({ recipient: formMails.recipient })
      .from(formMails)
      .where(eq(formMails.taxFormId, formId));
    expect(left.map((row) => row.recipient).sort()).toEqual([
      'pending-old@mail.example',
      'sent-recent@mail.example',
    ]);
  });
});
