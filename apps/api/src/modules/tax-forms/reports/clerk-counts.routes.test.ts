import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../cli/commands.ts';
import { users } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let other: Retailer;

/** A user of the shop's company, signed in when `signIn`; its id. */
async function addUser(username: string, name: string, role: 'clerk' | 'manager', active = true) {
  await createUser(t.database.db, {
    accountNo: shop.accountNo,
    username,
    password: 'counter-pass-2026',
    role,
    name,
  });
  const [row] = await t.database.db
    .update(users)
    .set({ mustChangePassword: false, active })
    .where(and(eq(users.companyId, shop.companyId), eq(users.username, username)))
    .returning({ id: users.id });
  return row!.id;
}

let barcode = 700_000_000_000;
const formBy = (userId: number, options: { daysAgo?: number; cancelled?: boolean } = {}) =>
  createFormFixture(
    t.database.db,
    { ...shop, userId },
    {
      barcode: String((barcode += 1)),
      createdAt: new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000),
      cancelled: options.cancelled ?? false,
    },
  );

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  const ana = await addUser('ana', 'Ana Kovač', 'clerk');
  await addUser('zoran', 'Zoran Babić', 'clerk');
  const gone = await addUser('petra', 'Petra Jurić', 'clerk', false);
  await formBy(ana);
  await formBy(ana);
  await formBy(ana, { cancelled: true });
  await formBy(ana, { daysAgo: 2 });
  await formBy(shop.userId);
  await formBy(gone);
  await createFormFixture(t.database.db, other, { barcode: '710000000001' });
});
afterAll(() => t.close());

const byClerk = (token: string) =>
  t.app.inject({
    url: `/api/v2/companies/${shop.companyId}/taxforms/byClerk`,
    headers: bearer(token),
  });

describe('GET /api/v2/companies/{companyId}/taxforms/byClerk', () => {
  it("answers a manager every active user's forms of today, cancelled ones aside, the most first", async () => {
    const response = await byClerk(await login(t.app, shop));
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as { name: string; forms: number; branch_name: string }[];
    expect(rows.map((row) => [row.name, row.forms])).toEqual([
      ['Ana Kovač', 2],
      [shop.username, 1],
      ['Zoran Babić', 0],
    ]);
    expect(new Set(rows.map((row) => row.branch_name))).toEqual(
      new Set([`Branch ${shop.accountNo}`]),
    );
  });

  it('is refused to a clerk, and to a manager of another company', async () => {
    const clerk = await byClerk(
      await login(t.app, { ...shop, username: 'zoran', password: 'counter-pass-2026' }),
    );
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().code).toBe('MANAGER_ONLY');
    const stranger = await byClerk(await login(t.app, other));
    expect(stranger.statusCode).toBe(403);
  });
});
