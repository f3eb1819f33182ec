import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { bearer, createRetailerFixture, login, type Retailer } from '../support/factories.ts';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let shop: Retailer;
  let token: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    t = await createTestApp({}, { logStream: stream, logLevel: 'info' });
    shop = await createRetailerFixture(t.database.db);
    token = await login(t.app, shop);
  });
  afterAll(() => t.close());

  /** The lines written for the requests that follow `mark`. */
  const linesAfter = (mark: number): Line[] =>
    lines.slice(mark).map((line) => JSON.parse(line) as Line);

  it("names a signed-in request's tenant and user on its lines, and its id on all of them", async () => {
    const mark = lines.length;
    const url = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms?perPage=5&page=1`;
    const response = await t.app.inject({ url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);

    const written = linesAfter(mark);
    const incoming = written.find((line) => line.msg === 'incoming request');
    const completed = written.find((line) => line.msg === 'request completed');
    expect(incoming?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // The tenant is known once the session is: from the authentication on.
    expect(completed).toMatchObject({
      reqId: incoming!.reqId,
      tenant: shop.companyId,
      user: shop.userId,
    });
    expect(incoming).not.toHaveProperty('tenant');
  });

  it('keeps each request’s fields its own', async () => {
    const mark = lines.length;
    await Promise.all([
      t.app.inject({ url: '/healthz' }),
      t.app.inject({
        url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`,
        headers: bearer(token),
      }),
    ]);
    const completed = linesAfter(mark).filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(2);
    // The list's line names its tenant; the health check's, on the same logger's parent, does not.
    expect(completed.filter((line) => line.tenant === shop.companyId)).toHaveLength(1);
    expect(completed.filter((line) => !('tenant' in line))).toHaveLength(1);
  });

  it('writes no password, token or search term', async () => {
    const mark = lines.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: shop.username, password: 'not-the-password' },
    });
    await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms?search=Horvat`,
      headers: bearer(token),
    });
    const text = lines.slice(mark).join('\n');
    expect(text).toContain('request completed');
    expect(text).not.toContain('not-the-password');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Horvat');
  });
});
