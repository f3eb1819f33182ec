import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The list of every branch's forms, for a company's managers. */

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let managerToken: string;
let clerkToken: string;
let secondBranch: number;
const clerk = { username: 'ana', password: 'counter-pass-2026' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  shop = await createRetailerFixture(db);
  other = await createRetailerFixture(db);
  await createBranch(db, { accountNo: shop.accountNo, name: 'Riva Split' });
  await createUser(db, {
    accountNo: shop.accountNo,
    ...clerk,
    role: 'clerk',
    name: 'Ana Kovač',
    branch: 'Riva Split',
  });
  const [row] = await db
    .update(users)
    .set({ mustChangePassword: false })
    .where(and(eq(users.companyId, shop.companyId), eq(users.username, clerk.username)))
    .returning({ id: users.id, branchId: users.branchId });
  secondBranch = row!.branchId;
  const hour = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
  await createFormFixture(db, shop, { barcode: '800000000001', createdAt: hour(3), name: 'Wei' });
  await createFormFixture(
    db,
    { ...shop, branchId: secondBranch, userId: row!.id },
    { barcode: '800000000002', createdAt: hour(2), name: 'Yuki' },
  );
  await createFormFixture(
    db,
    { ...shop, branchId: secondBranch, userId: row!.id },
    { barcode: '800000000003', createdAt: hour(1), name: 'Amir', cancelled: true },
  );
  await createFormFixture(db, other, { barcode: '810000000001' });
  managerToken = await login(t.app, shop);
  clerkToken = await login(t.app, { ...shop, ...clerk });
});
afterAll(() => t.close());

const list = (token: string, query = '', companyId = shop.companyId) =>
  t.app.inject({ url: `/api/v2/companies/${companyId}/taxforms${query}`, headers: bearer(token) });

describe('GET /api/v2/companies/{companyId}/taxforms', () => {
  it("answers a manager every branch's forms, newest first, with the branch and who issued each", async () => {
    const response = await list(managerToken);
    expect(response.statusCode).toBe(200);
    const [firstBranch] = await t.database.db
      .select({ name: branches.branchName })
      .from(branches)
      .where(eq(branches.id, shop.branchId));
    expect(response.json().metadata).toEqual({ total: 3 });
    expect(
      response
        .json()
        .data.map((f: Record<string, unknown>) => [
          f.barcode,
          f.retailer_branch_id,
          f.branch_name,
          f.issued_by,
        ]),
    ).toEqual([
      ['800000000003', secondBranch, 'Riva Split', 'Ana Kovač'],
      ['800000000002', secondBranch, 'Riva Split', 'Ana Kovač'],
      ['800000000001', shop.branchId, firstBranch!.name, shop.username],
    ]);
  });

  it("keeps the branch list's search, stage filter and pages", async () => {
    const found = await list(managerToken, '?search=Yuki');
    expect(found.json().data.map((f: { barcode: string }) => f.barcode)).toEqual(['800000000002']);
    const cancelled = await list(managerToken, '?stage=cancelled');
    expect(cancelled.json().data.map((f: { barcode: string }) => f.barcode)).toEqual([
      '800000000003',
    ]);
    const second = await list(managerToken, '?page=2&perPage=2');
    expect(second.json().data.map((f: { barcode: string }) => f.barcode)).toEqual(['800000000001']);
    expect(second.json().metadata).toEqual({ total: 3 });
  });

  it('is refused to a clerk, and to a manager of another company', async () => {
    const refused = await list(clerkToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MANAGER_ONLY');
    expect((await list(await login(t.app, other))).statusCode).toBe(403);
  });
});

describe('GET /api/v2/companies/{companyId}/taxforms/export', () => {
  const download = (token: string, query: string, language = 'en') =>
    t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/taxforms/export?${query}`,
      headers: { ...bearer(token), 'accept-language': language },
    });

  it("writes every branch's forms with the branch last, under the list's filters", async () => {
    const response = await download(managerToken, 'format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/tax-forms-all-branches-.*\.csv/);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]!.at(-1)).toBe('Branch');
    expect(rows.slice(1).map((row) => [row[0], row.at(-2), row.at(-1)])).toEqual([
      ['800000000003', 'Ana Kovač', 'Riva Split'],
      ['800000000002', 'Ana Kovač', 'Riva Split'],
      ['800000000001', shop.username, expect.any(String)],
    ]);
    expect(rows[3]!.at(-1)).not.toBe('Riva Split');

    const croatian = await download(managerToken, 'format=csv&stage=cancelled', 'hr');
    const cancelled = parse(croatian.body, { bom: true, delimiter: ';' }) as string[][];
    expect(cancelled[0]!.at(-1)).toBe('Poslovnica');
    expect(cancelled.slice(1).map((row) => row[0])).toEqual(['800000000003']);
  });

  it('is refused to a clerk, and to a manager of another company', async () => {
    const refused = await download(clerkToken, 'format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MANAGER_ONLY');
    expect((await download(await login(t.app, other), 'format=xlsx')).statusCode).toBe(403);
  });
});
