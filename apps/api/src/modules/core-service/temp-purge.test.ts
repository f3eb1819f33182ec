import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.ts';
import { claimImage, purgeTemporaryFiles } from '../../lib/stored-files.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createRetailerFixture, login, type Retailer } from '../../test/factories.ts';
import { uploadImage } from '../../test/images.ts';

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
