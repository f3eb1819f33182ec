import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * What a manager's staff and branch calls leave behind: each change its entry in the audit log,
 * under the manager; each refusal nothing at all, neither a row nor an entry.
 */

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(() => t.close());

const company = `/api/v2/companies`;
const send = (method: 'POST' | 'PATCH', path: string, payload: object) =>
  t.app.inject({
    method,
    url: `${company}/${shop.companyId}${path}`,
    headers: bearer(token),
    payload,
  });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: 'marina',
  name: 'Marina Babić',
  email: 'marina@shop.example',
  role: 'clerk',
  branch_id: shop.branchId,
  password: 'first-pass-2026',
  ...overrides,
});

const STAFF_ACTIONS = ['user.create', 'user.change', 'branch.create'];

/** The company's users, branches and staff entries in the audit log, as counts and entries. */
async function snapshot() {
  const companyId = shop.companyId;
  const [people] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.companyId, companyId));
  const [shops] = await t.database.db
    .select({ n: count() })
    .from(branches)
    .where(eq(branches.companyId, companyId));
  const entries = await t.database.db
    .select({
      action: auditLog.action,
      userId: auditLog.userId,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), inArray(auditLog.action, STAFF_ACTIONS)))
    .orderBy(asc(auditLog.id));
  return { users: people!.n, branches: shops!.n, entries };
}

describe("a manager's staff calls", () => {
  it('write each change to the audit log under the manager', async () => {
    const before = await snapshot();
    const added = await send('POST', '/users', newUser());
    expect(added.statusCode).toBe(200);
    const userId = String(added.json().data.user_id);
    const branch = await send('POST', '/retailers', { branch_name: 'Zadar', city: 'Zadar' });
    expect(branch.statusCode).toBe(200);
    const branchId = branch.json().data.retailer_branch_id as number;
    expect((await send('PATCH', `/users/${userId}`, { branch_id: branchId })).statusCode).toBe(200);

    const after = await snapshot();
    expect(after.users).toBe(before.users + 1);
    expect(after.branches).toBe(before.branches + 1);
    expect(after.entries.slice(before.entries.length)).toMatchObject([
      {
        action: 'user.create',
        userId: shop.userId,
        entityId: userId,
        details: { username: 'marina', role: 'clerk', branchId: shop.branchId },
      },
      { action: 'branch.create', userId: shop.userId, entityId: String(branchId) },
      { action: 'user.change', userId: shop.userId, entityId: userId },
    ]);
  });

  it('write nothing when refused: a taken name, another branch, an unknown role, the last manager', async () => {
    const before = await snapshot();
    const refusals = [
      await send('POST', '/users', newUser({ username: shop.username.toUpperCase() })),
      await send('POST', '/users', newUser({ username: 'ivo', branch_id: other.branchId })),
      await send('POST', '/users', newUser({ username: 'ivo', role: 'owner' })),
      await send('PATCH', `/users/${shop.userId}`, { role: 'clerk' }),
      await send('PATCH', `/users/${shop.userId}`, { active: false }),
      await send('POST', '/retailers', { branch_name: 'ZADAR' }),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 409, 409, 400]);
    expect(refusals[2]!.json().errors).toEqual([
      { field: 'role', message: expect.stringMatching(/role/i) },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});
