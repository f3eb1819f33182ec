import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * The staff and branch calls of a manager: add users, change their role, branch and state, give a
 * first password, add branches; and what is refused: a taken username, a branch or user of another
 * company, the last active manager demoted, a clerk calling any of them.
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

const users = (path = '', company = shop.companyId) => `/api/v2/companies/${company}/users${path}`;

const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  auth = token,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(auth), 'accept-language': language },
    ...(payload && { payload }),
  });

let serial = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `staff${++serial}`,
  name: `Staff Member ${serial}`,
  email: `staff${serial}@shop.example`,
  role: 'clerk',
  branch_id: shop.branchId,
  password: 'first-pass-2026',
  ...overrides,
});

/** Adds a user and signs it in past its first password; answers its id and token. */
async function signedInUser(overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  const added = await send('POST', users(), body);
  expect(added.statusCode).toBe(200);
  const userId: number = added.json().data.user_id;
  const first = await login(t.app, { accountNo: shop.accountNo, ...body });
  const changed = await t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/users/password`,
    headers: bearer(first),
    payload: {
      oldPassword: body.password,
      password: 'own-pass-2026!',
      confirmPassword: 'own-pass-2026!',
    },
  });
  expect(changed.statusCode).toBe(200);
  const own = await login(t.app, {
    accountNo: shop.accountNo,
    ...body,
    password: 'own-pass-2026!',
  });
  return { userId, token: own, username: body.username as string };
}

describe('the staff list and a new user', () => {
  it('adds a clerk who must change the first password, and lists it with its branch', async () => {
    const body = newUser({ name: 'Petra Perić' });
    const added = await send('POST', users(), body);
    expect(added.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: body.username, password: body.password },
    });
    expect(signIn.json().data).toMatchObject({ role: 'clerk', firstLogin: 1 });

    const list = (await send('GET', users())).json().data;
    const me = list.find((u: { username: string }) => u.username === shop.username);
    expect(me).toMatchObject({ role: 'manager', active: true });
    expect(me.last_sign_in).not.toBeNull();
    expect(list.find((u: { username: string }) => u.username === body.username)).toMatchObject({
      name: 'Petra Perić',
      role: 'clerk',
      branch_id: shop.branchId,
      active: true,
      must_change_password: true,
    });
  });

  it('refuses a taken username and a branch of another company, in the language asked for', async () => {
    const taken = await send(
      'POST',
      users(),
      newUser({ username: shop.username.toUpperCase() }),
      token,
      'de',
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      {
        field: 'username',
        message: 'Dieser Benutzername ist in Ihrem Unternehmen bereits vergeben',
      },
    ]);
    const elsewhere = await send('POST', users(), newUser({ branch_id: other.branchId }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors[0].field).toBe('branch_id');
  });
});

describe('changing a user', () => {
  it('deactivates a clerk: its session ends at once and it signs in no more, until reactivated', async () => {
    const clerk = await signedInUser();
    expect(
      (
        await send(
          'GET',
          `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`,
          undefined,
          clerk.token,
        )
      ).statusCode,
    ).toBe(200);
    const off = await send('PATCH', users(`/${clerk.userId}`), { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ active: false });
    const after = await send(
      'GET',
      `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`,
      undefined,
      clerk.token,
    );
    expect(after.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: clerk.username, password: 'own-pass-2026!' },
    });
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await send('PATCH', users(`/${clerk.userId}`), { active: true })).statusCode).toBe(200);
    await login(t.app, {
      accountNo: shop.accountNo,
      username: clerk.username,
      password: 'own-pass-2026!',
    });
  });

  it('keeps the last active manager one, and lets it go once there is another', async () => {
    const list = (await send('GET', users())).json().data;
    const me = list.find((u: { username: string }) => u.username === shop.username);
    const demoted = await send('PATCH', users(`/${me.user_id}`), { role: 'clerk' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('LAST_MANAGER');
    expect((await send('PATCH', users(`/${me.user_id}`), { active: false })).statusCode).toBe(409);

    const second = await signedInUser({ role: 'manager' });
    const later = await send('PATCH', users(`/${second.userId}`), { role: 'clerk' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.role).toBe('clerk');
  });

  it('refuses a user or a branch of another company, and an empty change', async () => {
    const [stranger] = (
      await send('GET', users('', other.companyId), undefined, await login(t.app, other))
    ).json().data;
    expect(
      (await send('PATCH', users(`/${stranger.user_id}`), { role: 'clerk' })).json().code,
    ).toBe('USER_NOT_FOUND');
    const clerk = await signedInUser();
    const moved = await send('PATCH', users(`/${clerk.userId}`), { branch_id: other.branchId });
    expect(moved.statusCode).toBe(400);
    expect((await send('PATCH', users(`/${clerk.userId}`), {})).statusCode).toBe(400);
  });

  it('gives a first password: the user is signed out and must change it', async () => {
    const clerk = await signedInUser();
    const reset = await send('POST', users(`/${clerk.userId}/password`), {
      password: 'again-first-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await send('GET', users(), undefined, clerk.token)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: clerk.username, password: 'again-first-1' },
    });
    expect(signIn.json().data.firstLogin).toBe(1);
  });

  it('is refused to a clerk, every call of it', async () => {
    const clerk = await signedInUser();
    for (const [method, url, body] of [
      ['GET', users()],
      ['POST', users(), newUser()],
      ['PATCH', users(`/${clerk.userId}`), { role: 'manager' }],
      ['POST', users(`/${clerk.userId}/password`), { password: 'i-promote-me-1' }],
      ['GET', `/api/v2/companies/${shop.companyId}/retailers`],
      ['POST', `/api/v2/companies/${shop.companyId}/retailers`, { branch_name: 'Mine' }],
    ] as const) {
      const answer = await send(method, url, body, clerk.token);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().code).toBe('MANAGER_ONLY');
    }
  });
});

describe('branches', () => {
  const branches = `/api/v2/companies/${0}/retailers`;
  const branchesOf = () => branches.replace('/0/', `/${shop.companyId}/`);

  it('adds a branch, lists it, and refuses a second of the same name', async () => {
    const added = await send('POST', branchesOf(), { branch_name: 'Riva Split', city: 'Split' });
    expect(added.statusCode).toBe(200);
    const id = added.json().data.retailer_branch_id;
    const list = (await send('GET', branchesOf())).json().data;
    expect(list).toContainEqual({
      retailer_branch_id: id,
      branch_name: 'Riva Split',
      address: null,
      city: 'Split',
      postcode: null,
    });
    expect(
      list.some((b: { retailer_branch_id: number }) => b.retailer_branch_id === other.branchId),
    ).toBe(false);
    const again = await send('POST', branchesOf(), { branch_name: 'riva split' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].field).toBe('branch_name');
    // A user may be placed there.
    expect((await send('POST', users(), newUser({ branch_id: id }))).statusCode).toBe(200);
  });
});
