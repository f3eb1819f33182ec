import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createUser, resetUserPassword } from '../../src/cli/commands.ts';
import { users } from '../../src/db/schema/index.ts';
import { setSettings } from '../../src/cli/settings-command.ts';
import type { Database } from '../../src/db/client.ts';
import { createResetToken } from '../../src/db/repositories/reset-tokens.repository.ts';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';

/**
 * Each process keeps the sessions and company settings it read for a few seconds (10 here, the
 * longest allowed, so that anything the cache got wrong would show). A change made through one
 * process, or by an operator's command in a third, is in force in the other at once.
 */
let store: ServerStore;
let a: ServerProcess;
let b: ServerProcess;
let operator: { database: Database; close: () => Promise<void> };
let retailer: Retailer;

const env = { CACHE_TTL_MS: '10000' };

beforeAll(async () => {
  store = await createServerStore();
  operator = await store.open();
  retailer = await createRetailerFixture(operator.database.db);
  [a, b] = await Promise.all([
    startServerProcess({ store, env }),
    startServerProcess({ store, env }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await operator?.close();
  await store?.remove();
});

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const profileUrl = () => `/api/v2/companies/${retailer.companyId}/users/${retailer.userId}`;
/** A signed-in call each process answers from its kept session once it has read it. */
const profile = (server: ServerProcess, token: string) =>
  call(server, 'GET', profileUrl(), { token });

/** Signs in and has both processes read (and keep) the session. */
async function signedInEverywhere(password = retailer.password): Promise<string> {
  const token = await signInOver(a.url, { ...retailer, password });
  expect((await profile(a, token)).status).toBe(200);
  expect((await profile(b, token)).status).toBe(200);
  return token;
}

describe("a company's settings kept in each process", () => {
  it('are read again at once when an operator changes them', async () => {
    const token = await signedInEverywhere();
    const refund = (server: ServerProcess) =>
      call(
        server,
        'POST',
        `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms/computeRefund`,
        { token, body: { grossAmt: 125, vatAmt: 25 } },
      );
    for (const server of [a, b]) {
      expect((await refund(server)).body.data).toEqual({ refund_amount: 25, operator_fee: 0 });
    }
    await setSettings(operator.database.db, {
      accountNo: retailer.accountNo,
      assignments: ['refund.tiers=[{"from":0,"to":null,"percentage":70}]'],
    });
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await refund(server)).body.data, { timeout: 1_000 })
        .toEqual({ refund_amount: 17.5, operator_fee: 7.5 });
    }
  });
});

describe('sessions kept in each process end everywhere at once', () => {
  it('on sign-out through the other process', async () => {
    const token = await signedInEverywhere();
    expect((await call(a, 'DELETE', '/api/v2/authorization', { token })).status).toBe(200);
    const after = await profile(b, token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect((await profile(a, token)).status).toBe(401);
  });

  it('on a password change: the other devices are signed out, the changing one goes on', async () => {
    const other = await signedInEverywhere();
    const current = await signedInEverywhere();
    const newPassword = 'a-new-password-2026';
    const changed = await call(
      a,
      'POST',
      `/api/v2/companies/${retailer.companyId}/users/password`,
      {
        token: current,
        body: {
          oldPassword: retailer.password,
          password: newPassword,
          confirmPassword: newPassword,
        },
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await profile(b, other)).status).toBe(401);
    expect((await profile(b, current)).status).toBe(200);
    retailer = { ...retailer, password: newPassword };
  });

  it('on a reset through a link', async () => {
    const token = await signedInEverywhere();
    const link = await createResetToken(
      operator.database.db,
      retailer.companyId,
      retailer.userId,
      3600,
    );
    const password = 'reset-by-link-2026';
    const reset = await call(a, 'POST', `/api/v2/resetPassword/${link}`, {
      body: { token: link, accountno: retailer.accountNo, password, confirmPassword: password },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await profile(b, token)).status).toBe(401);
    retailer = { ...retailer, password };
  });

  it("on an operator's reset from the command line, in a process of its own", async () => {
    const token = await signedInEverywhere();
    const chosen = 'operator-chose-2026';
    await resetUserPassword(operator.database.db, {
      accountNo: retailer.accountNo,
      username: retailer.username,
      password: chosen,
    });
    // The command's process does not wait for the servers to hear it: they do within moments,
    // far sooner than the 10 s a session is kept.
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await profile(server, token)).status, { timeout: 1_000 })
        .toBe(401);
    }
    // Signed in with the operator's password, the user must change it first, everywhere; once
    // changed through A, B lets the same session work at once.
    const fresh = await signInOver(a.url, { ...retailer, password: chosen });
    expect((await profile(b, fresh)).body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const password = 'chosen-by-the-user-2026';
    const changed = await call(
      a,
      'POST',
      `/api/v2/companies/${retailer.companyId}/users/password`,
      {
        token: fresh,
        body: { oldPassword: chosen, password, confirmPassword: password },
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await profile(b, fresh)).status).toBe(200);
    retailer = { ...retailer, password };
  });
});

describe("a manager's change to a user is in force in every process at once", () => {
  /** A user of the retailer, signed in through A and kept by both processes; its id and token. */
  async function staffSignedInEverywhere(username: string, role: 'manager' | 'clerk') {
    const password = `${username}-counter-2026`;
    await createUser(operator.database.db, {
      accountNo: retailer.accountNo,
      username,
      password,
      role,
      name: `${username} Novak`,
    });
    const [user] = await operator.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(and(eq(users.companyId, retailer.companyId), eq(users.username, username)))
      .returning({ id: users.id });
    const token = await signInOver(a.url, { ...retailer, username, password });
    for (const server of [a, b]) expect((await staffList(server, token)).status).not.toBe(401);
    return { id: user!.id, token };
  }
  const staffUrl = () => `/api/v2/companies/${retailer.companyId}/users`;
  const staffList = (server: ServerProcess, token: string) =>
    call(server, 'GET', staffUrl(), { token });

  it('deactivating a clerk through A ends its sessions in B too', async () => {
    const manager = await signedInEverywhere();
    const clerk = await staffSignedInEverywhere('marta', 'clerk');
    expect((await profile(b, clerk.token)).status).not.toBe(401);
    const off = await call(a, 'PATCH', `${staffUrl()}/${clerk.id}`, {
      token: manager,
      body: { active: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    for (const server of [b, a]) {
      const after = await staffList(server, clerk.token);
      expect(after.status).toBe(401);
    }
  });

  it("a manager made a clerk through A is refused the managers' calls in B at once", async () => {
    const manager = await signedInEverywhere();
    const second = await staffSignedInEverywhere('goran', 'manager');
    expect((await staffList(b, second.token)).status).toBe(200);
    const demoted = await call(a, 'PATCH', `${staffUrl()}/${second.id}`, {
      token: manager,
      body: { role: 'clerk' },
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    const refused = await staffList(b, second.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'MANAGER_ONLY' });
  });
});
