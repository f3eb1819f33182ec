import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { translator } from '../../src/lib/i18n.ts';
import { createRetailerFixture, issuePayload, type Retailer } from '../support/factories.ts';
import {
  startBlackholeProxy,
  startPrivateCluster,
  type BlackholeProxy,
  type PrivateCluster,
} from '../support/private-postgres.ts';
import { signInOver, startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** Short timeouts, as an operator who wants the portal to fail fast sets them. */
const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 1_500;
/** A connection whose server has not answered a query this long past its statement timeout is given up. */
const UNANSWERED_MS = STATEMENT_TIMEOUT_MS + 2_000;
/** Room for a busy two-core machine on top of the configured timeouts. */
const MARGIN_MS = 2_000;
/** No request may take longer than this, whatever the database does. */
const CLIENT_PATIENCE_MS = 20_000;

const UNAVAILABLE_DE = translator('de')('errors.SERVICE_UNAVAILABLE');
const UNAVAILABLE_EN = translator('en')('errors.SERVICE_UNAVAILABLE');

let cluster: PrivateCluster;
let proxy: BlackholeProxy;
let dataDir: string;
let retailer: Retailer;
/** On the cluster directly: the database is stopped and started. */
let direct: ServerProcess;
/** Through the proxy: the database stops answering. */
let proxied: ServerProcess;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-outage-'));
  const database = await openDatabase({ databaseUrl: cluster.url, dataDir, poolSize: 2 });
  await prepareDatabase(database, { demoSeed: false });
  retailer = await createRetailerFixture(database.db);
  await database.close();
  proxy = await startBlackholeProxy(cluster.port);
  const store = { dataDir, secretKey: 'ab'.repeat(32) };
  const env = {
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  };
  [direct, proxied] = await Promise.all([
    startServerProcess({ store: { ...store, databaseUrl: cluster.url }, env }),
    startServerProcess({
      store: { ...store, databaseUrl: `postgres://postgres@127.0.0.1:${proxy.port}/tfr` },
      env,
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([direct?.kill('SIGKILL'), proxied?.kill('SIGKILL')]);
  await proxy?.close();
  await cluster?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = {
  kind: 'list' | 'issue';
  language: 'de' | 'en';
  start: number;
  end: number;
  status: number;
  body: { status?: string; code?: string; message?: string; data?: { id: number } };
  retryAfter: string | null;
  key?: string;
  payload?: ReturnType<typeof issuePayload>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Clients that list and issue forms in a loop until stopped, each request with its own
 * Idempotency-Key and a limit on how long it may take.
 */
function load(server: ServerProcess, token: string, clients: number, tag: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const base = `${server.url}/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
  const client = async (c: number) => {
    const language = c % 2 === 0 ? 'de' : 'en';
    for (let n = 0; running; n += 1) {
      const kind = n % 2 === 0 ? 'list' : 'issue';
      const key = `${tag}-${c}-${n}`;
      const payload =
        kind === 'issue' ? issuePayload({ taxform: { passport: key.toUpperCase() } }) : undefined;
      const start = Date.now();
      let outcome: Outcome;
      try {
        const response = await fetch(
          kind === 'list' ? `${base}?perPage=5&page=1&search=` : `${base}/issue`,
          {
            method: kind === 'list' ? 'GET' : 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'accept-language': language,
              ...(payload ? { 'content-type': 'application/json', 'idempotency-key': key } : {}),
            },
            body: payload ? JSON.stringify(payload) : undefined,
            signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
          },
        );
        outcome = {
          kind,
          language,
          start,
          end: Date.now(),
          status: response.status,
          body: (await response.json()) as Outcome['body'],
          retryAfter: response.headers.get('retry-after'),
          ...(payload ? { key, payload } : {}),
        };
      } catch (error) {
        outcome = {
          kind,
          language,
          start,
          end: Date.now(),
          status: 0,
          body: { message: String(error) },
          retryAfter: null,
        };
      }
      outcomes.push(outcome);
      // A client that was refused waits a little, as the portal does before trying again.
      if (outcome.status !== 200) await sleep(50);
    }
  };
  const all = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await all;
      return outcomes;
    },
  };
}

async function health(server: ServerProcess) {
  const start = Date.now();
  const response = await fetch(`${server.url}/healthz`, {
    headers: { 'accept-language': 'de' },
    signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
  });
  return {
    status: response.status,
    ms: Date.now() - start,
    body: (await response.json()) as { status: string; message?: string },
    retryAfter: response.headers.get('retry-after'),
  };
}

/** Waits until a request started now succeeds; answers when that was. */
async function recovered(outcomes: Outcome[], since: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const ok = outcomes.find((o) => o.start >= since && o.status === 200);
    if (ok) return ok.end;
    await sleep(50);
  }
  return undefined;
}

function expectUnavailableAnswer(outcome: Outcome) {
  const what = `${outcome.kind} ${outcome.status} ${JSON.stringify(outcome.body)}`;
  expect(outcome.status, what).toBe(503);
  expect(outcome.body, what).toMatchObject({
    status: 'error',
    code: 'SERVICE_UNAVAILABLE',
    message: outcome.language === 'de' ? UNAVAILABLE_DE : UNAVAILABLE_EN,
  });
  expect(Number(outcome.retryAfter), what).toBeGreaterThan(0);
}

/** Each issue answered 503 is sent again with its key; then every key made exactly one form. */
async function expectOneFormPerKey(server: ServerProcess, token: string, outcomes: Outcome[]) {
  const issues = outcomes.filter((o) => o.kind === 'issue');
  const base = `${server.url}/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
  for (const refused of issues.filter((o) => o.status === 503)) {
    const retry = await fetch(`${base}/issue`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': refused.key!,
      },
      body: JSON.stringify(refused.payload),
    });
    expect(retry.status).toBe(200);
  }
  const database = await openDatabase({ databaseUrl: cluster.url, dataDir, poolSize: 1 });
  try {
    const passports = issues.map((o) => o.key!.toUpperCase());
    const rows = await queryRows<{ passport: string; forms: number }>(
      database.db,
      sql`select passport, count(*)::int as forms from tax_forms
            where company_id = ${retailer.companyId} and passport in ${passports} group by passport`,
    );
    const forms = new Map(rows.map((r) => [r.passport, r.forms]));
    for (const passport of passports) expect(forms.get(passport) ?? 0, passport).toBe(1);
  } finally {
    await database.close();
  }
}

describe('the PostgreSQL server going away under load', () => {
  it('answers 503 at once while it is stopped, and serves again by itself once it is back', async () => {
    const token = await signInOver(direct.url, retailer);
    const traffic = load(direct, token, 10, 'stopped');
    await sleep(1_000);

    await cluster.stop('fast');
    const downAt = Date.now();
    await sleep(2_500);
    const healthDown = await health(direct);
    await sleep(500);
    const upFrom = Date.now();
    await cluster.start();
    const upAt = Date.now();
    const backAt = await recovered(traffic.outcomes, upAt, 10_000);
    await sleep(1_000);
    const outcomes = await traffic.stop();

    // Nothing hung, nothing failed otherwise than with 503.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    for (const refused of outcomes.filter((o) => o.status === 503))
      expectUnavailableAnswer(refused);

    // While it was down every request was refused, fast.
    const whileDown = outcomes.filter((o) => o.start >= downAt && o.end <= upFrom);
    expect(whileDown.length).toBeGreaterThanOrEqual(20);
    for (const outcome of whileDown) {
      expect(outcome.status).toBe(503);
      expect(outcome.end - outcome.start).toBeLessThan(CONNECT_TIMEOUT_MS + MARGIN_MS);
    }
    expect(whileDown.some((o) => o.language === 'de')).toBe(true);
    expect(healthDown).toMatchObject({
      status: 503,
      body: { status: 'error', message: UNAVAILABLE_DE },
    });
    expect(healthDown.ms).toBeLessThan(CONNECT_TIMEOUT_MS + MARGIN_MS);

    // Back within a few seconds, without a restart; from then on every request is served.
    expect(backAt, 'the server did not serve again').toBeDefined();
    expect(backAt! - upAt).toBeLessThan(5_000);
    expect(outcomes.filter((o) => o.start >= backAt! && o.status !== 200)).toEqual([]);
    expect((await health(direct)).status).toBe(200);
    expect(direct.child.exitCode).toBeNull();

    await expectOneFormPerKey(direct, token, outcomes);
  }, 90_000);

  it('answers 503 within its timeouts while it accepts connections but never answers', async () => {
    const token = await signInOver(proxied.url, retailer);
    const traffic = load(proxied, token, 6, 'blackhole');
    await sleep(1_000);

    proxy.swallow();
    const silentAt = Date.now();
    const healthSilent = health(proxied);
    await sleep(UNANSWERED_MS + MARGIN_MS + 1_000);
    const releaseAt = Date.now();
    proxy.release();
    const backAt = await recovered(traffic.outcomes, releaseAt, 10_000);
    await sleep(1_000);
    const outcomes = await traffic.stop();

    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    for (const refused of outcomes.filter((o) => o.status === 503))
      expectUnavailableAnswer(refused);
    // Every request that met the silence was answered 503 within the timeouts, none hung.
    const silent = outcomes.filter((o) => o.start >= silentAt && o.end <= releaseAt);
    expect(silent.length).toBeGreaterThanOrEqual(6);
    for (const outcome of outcomes.filter((o) => o.end >= silentAt && o.start <= releaseAt)) {
      expect(outcome.end - Math.max(outcome.start, silentAt)).toBeLessThan(
        UNANSWERED_MS + MARGIN_MS,
      );
    }
    const health503 = await healthSilent;
    expect(health503.status).toBe(503);
    expect(health503.ms).toBeLessThan(UNANSWERED_MS + MARGIN_MS);

    expect(backAt, 'the server did not serve again').toBeDefined();
    expect(backAt! - releaseAt).toBeLessThan(5_000);
    expect(outcomes.filter((o) => o.start >= backAt! && o.status !== 200)).toEqual([]);
    expect(proxied.child.exitCode).toBeNull();

    await expectOneFormPerKey(proxied, token, outcomes);
  }, 90_000);
});
