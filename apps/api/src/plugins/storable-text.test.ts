import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import { changedTables, settledSnapshot } from '../../test/support/db-snapshot.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../test/support/factories.ts';
import { uploadImage } from '../../test/support/images.ts';
import { findUnstorableText } from './storable-text.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
let image: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  image = await uploadImage(t.app, token);
});
afterAll(async () => {
  await t.close();
});

const branch = () => `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;

const promotion = (title: string) => ({
  promotion: {
    title,
    description: 'All coats 30 % off',
    image,
    start_date: '2026-01-10',
    end_date: '2026-01-31',
    notification_schedule: '2026-01-09 09:30:00',
  },
});

describe('text the database cannot store as sent', () => {
  it('is refused as a field error wherever it comes, in the language asked for, and changes nothing', async () => {
    const basic = () => `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`;
    const cases = [
      { field: 'search', method: 'GET', url: `${branch()}/promotions?search=a%00b` },
      { field: 'search', method: 'GET', url: `${branch()}/gallery?search=%00` },
      {
        field: 'passport',
        method: 'GET',
        url: `/api/v2/companies/${shop.companyId}/traveller/passport/E1%00`,
      },
      {
        field: 'promotion.title',
        method: 'POST',
        url: `${branch()}/promotions`,
        payload: promotion('Winter\u0000 sale'),
      },
      {
        field: 'promotion.title',
        method: 'POST',
        url: `${branch()}/promotions`,
        payload: promotion('Winter \uD800 sale'),
      },
      {
        field: 'username',
        method: 'POST',
        url: '/api/v2/authorization',
        payload: { accountno: shop.accountNo, username: `${shop.username}\u0000`, password: 'x' },
      },
      {
        field: 'accountno',
        method: 'POST',
        url: '/api/v2/resetPassword',
        payload: { accountno: '1\u0000', email: shop.email },
      },
      {
        field: 'cancel_comments',
        method: 'POST',
        url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/1`,
        payload: { cancel_reason: 'Other', cancel_comments: 'late\u0000' },
        headers: { authorization: basic() },
      },
    ] as const;
    for (const c of cases) {
      const before = await settledSnapshot(t);
      const response = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: {
          ...bearer(token),
          'accept-language': 'hr',
          ...('headers' in c ? c.headers : {}),
        },
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, c.url).toBe(400);
      expect(response.json()).toMatchObject({
        status: 'error',
        code: 'VALIDATION_FAILED',
        message: 'Neka polja nisu ispravno popunjena. Molimo provjerite ih i pokušajte ponovno.',
      });
      expect(response.json().errors[0].field).toBe(c.field);
      expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
    }
  });

  it('keeps emoji, right-to-left text and combining marks, which it can store', async () => {
    const title = '😀 Đurđevdan \u202Eשלום\u202C e\u0301';
    const response = await t.app.inject({
      method: 'POST',
      url: `${branch()}/promotions`,
      headers: bearer(token),
      payload: promotion(title),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.title).toBe(title);
  });

  it('finds it at any depth without running out of stack', () => {
    let deep: unknown = 'a\u0000';
    for (let k = 0; k < 200_000; k += 1) deep = [deep];
    expect(findUnstorableText({ invoice: deep })).toMatch(/^invoice(\.0)+$/);
    expect(findUnstorableText({ title: '😀', list: ['ok', { a: 'e\u0301' }] })).toBeNull();
    expect(findUnstorableText({ a: 'x\uDC00' })).toBe('a');
    expect(findUnstorableText({ 'key\u0000': 'x' })).toBe('key\u0000');
  });
});
