import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { createBranch, createUser } from '../../cli/commands.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * What each role may do, as the server enforces it: every route a manager alone may call answers a
 * clerk 403 MANAGER_ONLY (translated) before reading its body, and lets a manager through; the
 * counter stays open to both. The login answers the role; a deactivated user signs in no more.
 */

let t: TestApp;
let shop: Retailer;
let managerToken: string;
let clerkToken: string;
const clerk = { username: 'marko', password: 'clerk-pass-2026' };

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  await createUser(t.database.db, {
    accountNo: shop.accountNo,
    username: clerk.username,
    password: clerk.password,
    role: 'clerk',
    name: 'Marko Marić',
  });
  await t.database.db
    .update(users)
    .set({ mustChangePassword: false })
    .where(eq(users.username, clerk.username));
  managerToken = await login(t.app, shop);
  clerkToken = await login(t.app, { ...shop, ...clerk });
});
afterAll(() => t.close());

const company = () => `/api/v2/companies/${shop.companyId}`;
const branch = () => `${company()}/retailers/${shop.branchId}`;

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string };

const MANAGER_ONLY: Record<string, Call> = {
  'shop information and legal identity': { method: 'PUT', url: branch },
  'add a promotion': { method: 'POST', url: () => `${branch()}/promotions` },
  'change a promotion': { method: 'PUT', url: () => `${branch()}/promotions/1` },
  'delete a promotion': { method: 'DELETE', url: () => `${branch()}/promotions/1` },
  'add to the gallery': { method: 'POST', url: () => `${branch()}/gallery` },
  'change a gallery item': { method: 'PUT', url: () => `${branch()}/gallery/1` },
  'delete a gallery item': { method: 'DELETE', url: () => `${branch()}/gallery/1` },
  'export the forms': { method: 'GET', url: () => `${branch()}/taxforms/export?format=csv` },
  'export the VAT breakdown': {
    method: 'GET',
    url: () => `${branch()}/taxforms/breakdown/export?from=2026-01-01&to=2026-01-31&format=csv`,
  },
};

const call = (route: Call, token: string, language = 'en') =>
  t.app.inject({
    method: route.method,
    url: route.url(),
    headers: { ...bearer(token), 'accept-language': language },
    ...(route.method !== 'GET' && route.method !== 'DELETE' && { payload: {} }),
  });

describe.each(Object.entries(MANAGER_ONLY))('%s', (_, route) => {
  it('is refused to a clerk with 403 MANAGER_ONLY, and let through for a manager', async () => {
    const refused = await call(route, clerkToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MANAGER_ONLY',
      message: 'Only a manager of the shop may do this.',
    });
    const allowed = await call(route, managerToken);
    expect(allowed.statusCode).not.toBe(403);
    expect(allowed.statusCode).not.toBe(401);
  });
});

describe('the counter', () => {
  it('is open to a clerk: list, issue, read', async () => {
    const list = await t.app.inject({ url: `${branch()}/taxforms`, headers: bearer(clerkToken) });
    expect(list.statusCode).toBe(200);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${branch()}/taxforms/issue`,
      headers: bearer(clerkToken),
      payload: issuePayload({ today: dayIn(shop.timeZone) }),
    });
    expect(issued.statusCode).toBe(200);
    const detail = await t.app.inject({
      url: `${branch()}/taxforms/${issued.json().data.id}`,
      headers: bearer(clerkToken),
    });
    expect(detail.statusCode).toBe(200);
  });

  it('tells a clerk in its language that only a manager may', async () => {
    const refused = await call(MANAGER_ONLY['export the forms']!, clerkToken, 'hr');
    expect(refused.json().message).toBe('Ovo smije učiniti samo voditelj trgovine.');
  });
});

describe('signing in', () => {
  const signIn = (who: { username: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, ...who },
    });

  it('answers the role: the first user of a retailer is a manager', async () => {
    expect((await signIn(shop)).json().data.role).toBe('manager');
    expect((await signIn(clerk)).json().data.role).toBe('clerk');
  });

  it('refuses a deactivated user who knows the password, and only them', async () => {
    const username = 'leaving';
    await createUser(t.database.db, {
      accountNo: shop.accountNo,
      username,
      password: 'leaving-pass-1',
      role: 'clerk',
    });
    await t.database.db.update(users).set({ active: false }).where(eq(users.username, username));
    const refused = await signIn({ username, password: 'leaving-pass-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await signIn({ username, password: 'a-wrong-guess' })).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('branches of the company', () => {
  it('lets a manager work in another branch of the company, and refuses it to a clerk', async () => {
    await createBranch(t.database.db, { accountNo: shop.accountNo, name: 'Second shop' });
    const list = await t.app.inject({
      url: `${company()}/retailers`,
      headers: bearer(managerToken),
    });
    const second = list
      .json()
      .data.find(
        (b: { branch_name: string }) => b.branch_name === 'Second shop',
      ).retailer_branch_id;
    const forms = `${company()}/retailers/${second}/taxforms`;
    const issued = await t.app.inject({
      method: 'POST',
      url: `${forms}/issue`,
      headers: bearer(managerToken),
      payload: issuePayload({ today: dayIn(shop.timeZone) }),
    });
    expect(issued.statusCode).toBe(200);
    const there = await t.app.inject({ url: forms, headers: bearer(managerToken) });
    expect(there.json().data.map((f: { id: number }) => f.id)).toEqual([issued.json().data.id]);
    const home = await t.app.inject({ url: `${branch()}/taxforms`, headers: bearer(managerToken) });
    expect(home.json().data.map((f: { id: number }) => f.id)).not.toContain(issued.json().data.id);

    const clerkThere = await t.app.inject({ url: forms, headers: bearer(clerkToken) });
    expect(clerkThere.statusCode).toBe(403);
    const otherCompany = await createRetailerFixture(t.database.db);
    const foreign = await t.app.inject({
      url: `${company()}/retailers/${otherCompany.branchId}/taxforms`,
      headers: bearer(managerToken),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('user:create and branch:create', () => {
  it('add a clerk to a second branch, and refuse a taken username, an unknown branch or role', async () => {
    expect(await createBranch(t.database.db, { accountNo: shop.accountNo, name: 'Riva' })).toMatch(
      /^Created branch Riva/,
    );
    await expect(
      createBranch(t.database.db, { accountNo: shop.accountNo, name: 'riva' }),
    ).rejects.toThrow('already has a branch named riva');
    const made = await createUser(t.database.db, {
      accountNo: shop.accountNo,
      username: 'ana',
      password: 'first-pass-1',
      role: 'Clerk',
      branch: 'riva',
    });
    expect(made).toMatch(/^Created clerk ana .* branch Riva;/);
    const base = { accountNo: shop.accountNo, password: 'first-pass-1' };
    await expect(
      createUser(t.database.db, { ...base, username: 'ANA', role: 'clerk' }),
    ).rejects.toThrow('already taken');
    await expect(
      createUser(t.database.db, { ...base, username: 'ivo', role: 'clerk', branch: 'Nowhere' }),
    ).rejects.toThrow('no branch named Nowhere');
    await expect(
      createUser(t.database.db, { ...base, username: 'ivo', role: 'admin' }),
    ).rejects.toThrow('Unknown role admin');
  });
});
