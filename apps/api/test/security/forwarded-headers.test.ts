import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';

/** The proxy's own address, as the server's socket sees it. */
const PROXY = '10.0.0.5';
/** The address a client really connects from, which the proxy appends. */
const ATTACKER = '203.0.113.66';
/** The shop's counter, whose address the attacker would like to have throttled. */
const COUNTER = '198.51.100.20';

type Inject = { forwardedFor?: string; remoteAddress?: string };

function signInWith(t: TestApp, who: Retailer, password: string, from: Inject) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/authorization',
    remoteAddress: from.remoteAddress ?? PROXY,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    payload: { accountno: who.accountNo, username: who.username, password },
  });
}

function lookupWith(t: TestApp, barcode: string, from: Inject) {
  return t.app.inject({
    url: `/api/v2/public/taxforms/${barcode}?code=AAAAAA`,
    remoteAddress: from.remoteAddress ?? PROXY,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

describe.each([
  ['one proxy hop', '1'],
  ['the proxy by its address', `${PROXY}, 10.9.0.0/16`],
])('behind a proxy trusted as %s', (_name, setting) => {
  let t: TestApp;
  let shop: Retailer;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: setting });
    shop = await createRetailerFixture(t.database.db);
  });
  afterAll(() => t.close());

  it('counts the failures of a client rotating its own X-Forwarded-For entry against the address the proxy saw', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      // The client writes the first entry; the proxy appends the address it really came from.
      const forged = `192.0.2.${i + 1}, ${ATTACKER}`;
      answers.push((await signInWith(t, shop, `guess-${i}`, { forwardedFor: forged })).statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.at(-1)).toBe(429);
  });

  it("cannot lock a chosen shop's address out of signing in", async () => {
    const victim = await createRetailerFixture(t.database.db);
    for (let i = 0; i < 21; i += 1) {
      await signInWith(t, victim, `guess-${i}`, { forwardedFor: `${COUNTER}, 192.0.2.99` });
    }
    const counter = await signInWith(t, victim, victim.password, { forwardedFor: COUNTER });
    expect(counter.statusCode).toBe(200);
  });

  it('throttles the status page by the address the proxy saw, whatever the client writes first', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const forged = `192.0.2.${100 + i}, 203.0.113.${100 + (i % 1)}`;
      statuses.push((await lookupWith(t, '000000000000001', { forwardedFor: forged })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('behind a proxy trusted by its address', () => {
  let t: TestApp;
  let shop: Retailer;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: PROXY });
    shop = await createRetailerFixture(t.database.db);
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that reaches the server without the proxy', async () => {
    const direct = '192.0.2.200';
    for (let i = 0; i < 20; i += 1) {
      // Each claims to come from elsewhere: all count against the client's own address.
      await signInWith(t, shop, `guess-${i}`, {
        remoteAddress: direct,
        forwardedFor: `198.51.100.${i + 1}`,
      });
    }
    const blocked = await signInWith(t, shop, shop.password, {
      remoteAddress: direct,
      forwardedFor: '198.51.100.250',
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For altogether', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await lookupWith(t, '000000000000001', {
        remoteAddress: '192.0.2.77',
        forwardedFor: `198.51.100.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the request id in the log', () => {
  async function loggedIds(setting: string | undefined, from: Inject & { id: string }) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    const t = await createTestApp(setting ? { TRUST_PROXY: setting } : {}, {
      logStream: stream,
      logLevel: 'info',
    });
    try {
      await t.app.inject({
        url: '/healthz',
        remoteAddress: from.remoteAddress ?? PROXY,
        headers: { 'x-request-id': from.id },
      });
    } finally {
      await t.close();
    }
    return new Set(
      lines
        .map((line) => (JSON.parse(line) as { reqId?: string }).reqId)
        .filter((id): id is string => id !== undefined),
    );
  }

  it("is the server's own when a client sends one", async () => {
    const ids = await loggedIds(undefined, { id: 'req-forged-1' });
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the trusted proxy’s when well formed, and the server’s own when not', async () => {
    expect(await loggedIds(PROXY, { id: '7f3c2a9e-proxy-id' })).toEqual(
      new Set(['7f3c2a9e-proxy-id']),
    );
    const forged = await loggedIds(PROXY, { id: 'forged id {"level":60}' });
    expect([...forged][0]).toMatch(/^[0-9a-f-]{36}$/);
    const fromElsewhere = await loggedIds(PROXY, {
      id: '7f3c2a9e-client-id',
      remoteAddress: '192.0.2.1',
    });
    expect([...fromElsewhere][0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
