import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/build-app.ts';
import { bearer, createRetailerFixture, login, type Retailer } from './test/factories.ts';

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
});
