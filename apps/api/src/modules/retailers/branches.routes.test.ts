import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../cli/commands.ts';
import { auditLog, branches, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * A manager changes a branch of its company: its name (unique in the company), address, city and
 * postcode. Refused, nothing changes: to a clerk, for another company's branch, for a bad field or
 * a name another branch has. Each change is in the audit log.
 */

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;
let clerkToken: string;
let secondId: number;

const company = (of: Pick<Retailer, 'companyId'> = shop) => `/api/v2/companies/${of.companyId}`;
const branchUrl = (branchId: number, of: Pick<Retailer, 'companyId'> = shop) =>
  `${company(of)}/branches/${branchId}`;

const put = (url: string, payload: object, auth = token) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(auth), payload });

/** The branch as stored, its name and place. */
async function stored(branchId: number) {
  const [row] = await t.database.db
    .select({
      branchName: branches.branchName,
      address: branches.address,
      city: branches.city,
      postcode: branches.postcode,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  return row!;
}

const audits = (companyId = shop.companyId) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'branch.update')))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  const clerk = { username: 'petra', password: 'counter-pass-2026' };
  await createUser(t.database.db, { accountNo: shop.accountNo, ...clerk, role: 'clerk' });
  await t.database.db
    .update(users)
    .set({ mustChangePassword: false })
    .where(and(eq(users.companyId, shop.companyId), eq(users.username, clerk.username)));
  clerkToken = await login(t.app, { ...shop, ...clerk });
  const added = await t.app.inject({
    method: 'POST',
    url: `${company()}/retailers`,
    headers: bearer(token),
    payload: { branch_name: 'Riva', address: 'Obala 1', city: 'Split', postcode: '21000' },
  });
  secondId = added.json().data.retailer_branch_id;
});
afterAll(() => t.close());

describe('PUT /api/v2/companies/{companyId}/branches/{branchId}', () => {
  it("changes another branch's name and place, answers it, lists it and audits it", async () => {
    const before = await stored(secondId);
    const changed = await put(branchUrl(secondId), {
      branch_name: '  Riva Split ',
      address: 'Obala hrvatskog narodnog preporoda 12',
      city: 'Split',
      postcode: '21001',
    });
    expect(changed.statusCode).toBe(200);
    const branch = {
      retailer_branch_id: secondId,
      branch_name: 'Riva Split',
      address: 'Obala hrvatskog narodnog preporoda 12',
      city: 'Split',
      postcode: '21001',
    };
    expect(changed.json().data).toEqual(branch);
    const list = await t.app.inject({ url: `${company()}/retailers`, headers: bearer(token) });
    expect(list.json().data).toContainEqual(branch);

    const [audit] = await audits();
    expect(audit).toMatchObject({
      userId: shop.userId,
      entity: 'branch',
      entityId: String(secondId),
      details: {
        branchName: { from: before.branchName, to: 'Riva Split' },
        address: { from: before.address, to: 'Obala hrvatskog narodnog preporoda 12' },
        postcode: { from: '21000', to: '21001' },
      },
    });
    // The city stayed: the log names only what changed.
    expect(Object.keys(audit!.details as object).sort()).toEqual([
      'address',
      'branchName',
      'postcode',
    ]);
  });

  it('clears a place left out or empty, and lets a name change only its case', async () => {
    const cleared = await put(branchUrl(secondId), { branch_name: 'RIVA SPLIT', address: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await stored(secondId)).toEqual({
      branchName: 'RIVA SPLIT',
      address: null,
      city: null,
      postcode: null,
    });
  });

  it("changes the manager's own branch too", async () => {
    const own = await put(branchUrl(shop.branchId), { branch_name: 'Ilica', city: 'Zagreb' });
    expect(own.statusCode).toBe(200);
    expect((await stored(shop.branchId)).branchName).toBe('Ilica');
  });
});

describe('a refused change of a branch changes nothing', () => {
  async function expectUnchanged(call: () => Promise<{ statusCode: number }>, status: number) {
    const before = await stored(secondId);
    const logged = (await audits()).length;
    expect((await call()).statusCode).toBe(status);
    expect(await stored(secondId)).toEqual(before);
    expect(await audits()).toHaveLength(logged);
  }

  it('refuses a clerk, 403 MANAGER_ONLY, even for its own branch', async () => {
    const own = await put(branchUrl(shop.branchId), { branch_name: 'Mine' }, clerkToken);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('MANAGER_ONLY');
    await expectUnchanged(() => put(branchUrl(secondId), { branch_name: 'Mine' }, clerkToken), 403);
  });

  it("refuses another company's branch, by its path or by its id, and a branch of no one", async () => {
    const otherToken = await login(t.app, other);
    const before = await stored(other.branchId);
    const attempts = [
      put(branchUrl(other.branchId, other), { branch_name: 'Taken over' }),
      put(branchUrl(other.branchId), { branch_name: 'Taken over' }),
      put(branchUrl(secondId), { branch_name: 'Taken over' }, otherToken),
      put(branchUrl(999_999), { branch_name: 'Nowhere' }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.statusCode).toBe(403);
    expect(await stored(other.branchId)).toEqual(before);
    expect(await audits(other.companyId)).toEqual([]);
  });

  it.each([
    ['no name', { city: 'Split' }, 'branch_name'],
    ['a blank name', { branch_name: '   ' }, 'branch_name'],
    ['a name of two lines', { branch_name: 'Riva\nSplit' }, 'branch_name'],
    ['a postcode too long', { branch_name: 'Riva', postcode: '2'.repeat(21) }, 'postcode'],
    ['an address not text', { branch_name: 'Riva', address: 12 }, 'address'],
  ])('refuses %s with 400 on its field', async (_, payload, field) => {
    await expectUnchanged(async () => {
      const answer = await put(branchUrl(secondId), payload);
      expect(answer.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      return answer;
    }, 400);
  });

  it('refuses a name another branch of the company has, whatever its case', async () => {
    const ownName = (await stored(shop.branchId)).branchName;
    await expectUnchanged(async () => {
      const answer = await put(branchUrl(secondId), { branch_name: ownName.toUpperCase() });
      expect(answer.json().errors).toEqual([
        { field: 'branch_name', message: 'Your company already has a branch of this name' },
      ]);
      return answer;
    }, 400);
  });

  it('gives a name to one of two branches renamed to it at once, and tells the other', async () => {
    const third = await t.app.inject({
      method: 'POST',
      url: `${company()}/retailers`,
      headers: bearer(token),
      payload: { branch_name: 'Bačvice' },
    });
    const thirdId = third.json().data.retailer_branch_id as number;
    const answers = await Promise.all(
      [secondId, thirdId].map((id) => put(branchUrl(id), { branch_name: 'Marjan' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().errors[0]).toMatchObject({ field: 'branch_name' });
  });
});
