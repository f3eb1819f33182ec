import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../cli/commands.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * Every route of the API, as the OpenAPI description lists it, called by a clerk and by a manager
 * of the company: a clerk is refused exactly the managers' routes below (403 MANAGER_ONLY), a
 * manager none. A new route a manager alone may call fails here until it is guarded and listed.
 * (Another company's calls are the tenant isolation matrix's: test/security.)
 */
const MANAGERS_ROUTES = [
  'GET /api/v2/companies/{companyId}/apiKeys',
  'POST /api/v2/companies/{companyId}/apiKeys',
  'DELETE /api/v2/companies/{companyId}/apiKeys/{id}',
  'GET /api/v2/companies/{companyId}/webhooks',
  'POST /api/v2/companies/{companyId}/webhooks',
  'PATCH /api/v2/companies/{companyId}/webhooks/{webhookId}',
  'DELETE /api/v2/companies/{companyId}/webhooks/{webhookId}',
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/rotateSecret',
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/test',
  'GET /api/v2/companies/{companyId}/webhooks/{webhookId}/deliveries',
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
  'GET /api/v2/companies/{companyId}/users',
  'POST /api/v2/companies/{companyId}/users',
  'PATCH /api/v2/companies/{companyId}/users/{userId}',
  'POST /api/v2/companies/{companyId}/users/{userId}/password',
  'GET /api/v2/companies/{companyId}/retailers',
  'POST /api/v2/companies/{companyId}/retailers',
  'PUT /api/v2/companies/{companyId}/branches/{branchId}',
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}',
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/promotions',
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}',
  'DELETE /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}',
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/gallery',
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}',
  'DELETE /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}',
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/export',
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/breakdown/export',
  'GET /api/v2/companies/{companyId}/taxforms',
  'GET /api/v2/companies/{companyId}/taxforms/byClerk',
  'GET /api/v2/companies/{companyId}/taxforms/count',
  'GET /api/v2/companies/{companyId}/taxforms/export',
  'GET /api/v2/companies/{companyId}/taxforms/worklist',
].sort();

/** A person's own account: a till's key may not touch it (nor the managers' routes). */
const OWN_ACCOUNT_ROUTES = [
  'GET /api/v2/companies/{companyId}/users/{userId}',
  'PUT /api/v2/companies/{companyId}/users/{userId}',
  'PUT /api/v2/companies/{companyId}/users/{userId}/preferences',
  'POST /api/v2/companies/{companyId}/users/password',
];

/** Signing out ends the very session the matrix calls with. */
const SKIPPED = ['DELETE /api/v2/authorization'];

let t: TestApp;
let shop: Retailer;
let managerToken: string;
let clerkToken: string;
let tillKey: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  const clerk = { username: 'lucija', password: 'counter-pass-2026' };
  await createUser(t.database.db, {
    accountNo: shop.accountNo,
    ...clerk,
    role: 'clerk',
    name: 'Lucija Perić',
  });
  await t.database.db
    .update(users)
    .set({ mustChangePassword: false })
    .where(and(eq(users.companyId, shop.companyId), eq(users.username, clerk.username)));
  managerToken = await login(t.app, shop);
  clerkToken = await login(t.app, { ...shop, ...clerk });
  const key = await t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/apiKeys`,
    headers: bearer(managerToken),
    payload: { name: 'Till', branch_id: shop.branchId },
  });
  tillKey = key.json().data.key;
});
afterAll(() => t.close());

async function everyRoute(): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/docs/json' });
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .filter((route) => !SKIPPED.includes(route))
    .sort();
}

/** The route called with the caller's company and branch, any other id one that is nobody's. */
function callAs(route: string, token: string) {
  const [method, template] = route.split(' ') as [
    'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    string,
  ];
  const url = template
    .replace('{companyId}', String(shop.companyId))
    .replace('{branchId}', String(shop.branchId))
    .replace(/\{[^}]+\}/g, '999999');
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(['POST', 'PUT', 'PATCH'].includes(method) && { payload: {} }),
  });
}

const refusedWith = async (route: string, token: string, code: string) => {
  const response = await callAs(route, token);
  return response.statusCode === 403 && response.json().code === code;
};
const refusedToManagers = (route: string, token: string) =>
  refusedWith(route, token, 'MANAGER_ONLY');

describe('the role matrix', () => {
  it("refuses a clerk exactly the managers' routes, and a manager none", async () => {
    const routes = await everyRoute();
    expect(routes.length).toBeGreaterThan(50);
    expect(MANAGERS_ROUTES.filter((route) => !routes.includes(route))).toEqual([]);
    const refusedToClerk: string[] = [];
    const refusedToManager: string[] = [];
    for (const route of routes) {
      if (await refusedToManagers(route, clerkToken)) refusedToClerk.push(route);
      if (await refusedToManagers(route, managerToken)) refusedToManager.push(route);
    }
    expect(refusedToClerk).toEqual(MANAGERS_ROUTES);
    expect(refusedToManager).toEqual([]);
  });

  it("refuses a till's key the managers' routes and a person's own account, and no more", async () => {
    const routes = await everyRoute();
    const refusedToTill: string[] = [];
    for (const route of routes) {
      if (await refusedWith(route, tillKey, 'NOT_FOR_API_KEYS')) refusedToTill.push(route);
    }
    expect(refusedToTill).toEqual([...MANAGERS_ROUTES, ...OWN_ACCOUNT_ROUTES].sort());
  });

  it("lists a till's key in the description of exactly the routes it may call", async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const paths = response.json().paths as Record<
      string,
      Record<string, { security: Record<string, string[]>[] }>
    >;
    const signedIn: string[] = [];
    const withKey: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, { security }] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (security.some((scheme) => 'bearer' in scheme)) signedIn.push(route);
        if (security.some((scheme) => 'apiKey' in scheme)) withKey.push(route);
      }
    }
    const refused = new Set([...MANAGERS_ROUTES, ...OWN_ACCOUNT_ROUTES]);
    expect(withKey.sort()).toEqual(signedIn.filter((route) => !refused.has(route)).sort());
    expect(withKey).toContain(
      'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/issue',
    );
  });
});
