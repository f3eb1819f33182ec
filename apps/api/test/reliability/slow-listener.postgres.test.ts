import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  logout,
  type Retailer,
} from '../support/factories.ts';

/**
 * A sign-out through one process is in force in every other one by the time it is answered,
 * even when another process hears the database's notices late (a busy machine, a slow link):
 * the signing-out process waits until every listening process has said it heard.
 */
const LATE_MS = 300;

/** The database of a process that hears each notice `ms` late; `null` never hears them. */
const hearingLate =
  (ms: number | null) =>
  (database: Database): Database => ({
    ...database,
    listen: (channel, handlers) =>
      database.listen(channel, {
        ...handlers,
        notice: (payload) => {
          if (ms !== null) setTimeout(() => handlers.notice(payload), ms);
        },
      }),
  });

const env = { CACHE_TTL_MS: '10000' };
let a: TestApp;
let late: TestApp;
let retailer: Retailer;

beforeAll(async () => {
  a = await createTestApp(env);
  late = await createTestApp(env, { beside: a, wrapDatabase: hearingLate(LATE_MS) });
  retailer = await createRetailerFixture(a.database.db);
}, 60_000);

afterAll(async () => {
  await late?.close();
  await a?.close();
});

const profile = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v2/companies/${retailer.companyId}/users/${retailer.userId}`,
    headers: bearer(token),
  });

describe('a sign-out with a process that hears the notices late', () => {
  it('is answered only once that process has heard it, and it refuses the token at once', async () => {
    const token = await login(a.app, retailer);
    // Both processes keep the session, for 10 s.
    expect((await profile(a.app, token)).statusCode).toBe(200);
    expect((await profile(late.app, token)).statusCode).toBe(200);

    const signedOut = await logout(a.app, token);
    expect(signedOut.statusCode).toBe(200);
    const after = await profile(late.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('through the late process itself, is in force in the other at once', async () => {
    const token = await login(late.app, retailer);
    expect((await profile(a.app, token)).statusCode).toBe(200);
    expect((await profile(late.app, token)).statusCode).toBe(200);
    const signedOut = await logout(late.app, token);
    expect(signedOut.statusCode).toBe(200);
    expect((await profile(a.app, token)).statusCode).toBe(401);
    expect((await profile(late.app, token)).statusCode).toBe(401);
  });
});

describe('a sign-out with a process that never answers', () => {
  it('is still answered, and in force in the process that made it', async () => {
    const deaf = await createTestApp(env, { beside: a, wrapDatabase: hearingLate(null) });
    try {
      const token = await login(a.app, retailer);
      expect((await profile(a.app, token)).statusCode).toBe(200);
      const signedOut = await logout(a.app, token);
      expect(signedOut.statusCode).toBe(200);
      expect((await profile(a.app, token)).statusCode).toBe(401);
    } finally {
      await deaf.close();
    }
  });
});
