import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBarcode } from '@taxfree/domain';
import { createBranch, createUser } from '../../../cli/commands.ts';
import { branches, users } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/**
 * Home's counters of every branch (`GET /companies/{id}/taxforms/count`): the branches' forms
 * added up, for a manager; refused to a clerk and to another company.
 */

let t: TestApp;
let shop: Retailer;
let token: string;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  await createBranch(t.database.db, { accountNo: shop.accountNo, name: 'Riva Split' });
  const [second] = await t.database.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, shop.companyId), eq(branches.branchName, 'Riva Split')));
  const there = { ...shop, branchId: second!.id };
  let serial = 0;
  const form = (where: Retailer, createdAt: Date, cancelled = false) =>
    createFormFixture(t.database.db, where, {
      barcode: makeBarcode(shop.companyId, ++serial),
      createdAt,
      cancelled,
    });
  // Here: one today, one 3 days ago. There: one today, one 20 days ago, one 40 days ago, one
  // cancelled today.
  await form(shop, new Date());
  await form(shop, daysAgo(3));
  await form(there, new Date());
  await form(there, daysAgo(20));
  await form(there, daysAgo(40));
  await form(there, new Date(), true);
});
afterAll(() => t.close());

const counts = (url: string, auth = token) => t.app.inject({ url, headers: bearer(auth) });
const companyCounts = () => `/api/v2/companies/${shop.companyId}/taxforms/count`;

describe('GET /api/v2/companies/{companyId}/taxforms/count', () => {
  it("adds up every branch's forms for a manager, the branch's own count staying its own", async () => {
    const all = await counts(companyCounts());
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual({ today: 2, lastweek: 3, lastmonth: 4 });
    const own = await counts(
      `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/count`,
    );
    expect(own.json().data).toEqual({ today: 1, lastweek: 2, lastmonth: 2 });
  });

  it('is refused to a clerk, 403 MANAGER_ONLY', async () => {
    const clerk = { username: 'nika', password: 'counter-pass-2026' };
    await createUser(t.database.db, { accountNo: shop.accountNo, ...clerk, role: 'clerk' });
    await t.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(and(eq(users.companyId, shop.companyId), eq(users.username, clerk.username)));
    const refused = await counts(companyCounts(), await login(t.app, { ...shop, ...clerk }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MANAGER_ONLY');
  });

  it("is refused to another company's manager", async () => {
    const other = await createRetailerFixture(t.database.db);
    const refused = await counts(companyCounts(), await login(t.app, other));
    expect(refused.statusCode).toBe(403);
  });
});
