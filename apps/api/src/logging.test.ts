import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/build-app.ts';
import { bearer, createRetailerFixture, login, type Retailer } from '../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({}, { logStream: stream });
  shop = await createRetailerFixture(t.database.db);
});
afterAll(() => t.close());

describe('request logs', () => {
  it('carry request ids and the tenant, and never a password or token', async () => {
    const token = await login(t.app, shop);
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/users/password`,
      headers: bearer(token),
      payload: {
        oldPassword: shop.password,
        password: 'next-secret-42',
        confirmPassword: 'next-secret-42',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: shop.username, password: 'guessing-wrong' },
    });
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.length).toBeGreaterThan(4);
    const requests = records.filter((r) => 'req' in r);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.every((r) => typeof r.reqId === 'string')).toBe(true);
    expect(records.some((r) => r.tenant === shop.companyId)).toBe(true);
    const text = lines.join('\n');
    for (const secret of [shop.password, 'next-secret-42', 'guessing-wrong', token]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps reset tokens, printed-form names, passports and search terms out of request URLs', async () => {
    const other = await createRetailerFixture(t.database.db);
    const token = await login(t.app, other);
    const resetToken = 'Zr3setT0kenThatMustNeverBeLogged0123456789ab';
    const pdfName = 'f0rm-name-that-must-stay-private-0123456789.pdf';
    const passport = 'P9CAN7TRY';
    const search = 'Kovačević';
    const base = `/api/v2/companies/${other.companyId}`;
    const branch = `${base}/retailers/${other.branchId}`;
    for (const url of [
      `/api/v2/resetPassword/${resetToken}`,
      `/uploads/electronic/${pdfName}`,
      `${base}/traveller/passport/${passport}`,
      `${branch}/taxforms/scanTraveller/${passport}`,
      `${branch}/taxforms?perPage=5&page=1&search=${encodeURIComponent(search)}`,
    ]) {
      await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    }
    const text = lines.join('\n');
    for (const secret of [resetToken, pdfName, passport, search, encodeURIComponent(search)]) {
      expect(text).not.toContain(secret);
    }
    // What was asked for stays readable: the route and the query's keys.
    expect(text).toContain('/api/v2/resetPassword/[redacted]');
    expect(text).toContain('taxforms?perPage=…&page=…&search=…');
  });
});
