import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  croatianLink,
  serbianLink,
  serbianRecord,
  slovenianCode,
} from '@taxfree/domain/receipt-fixtures';
import { dayIn } from '@taxfree/domain';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/** A fiscal receipt's QR code read for the invoice. */

let t: TestApp;
let shop: Retailer;
let slovenian: Retailer;
let token: string;
let slovenianToken: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  slovenian = await createRetailerFixture(t.database.db, { country: 'SI' });
  token = await login(t.app, shop);
  slovenianToken = await login(t.app, slovenian);
});
afterAll(() => t.close());

const scan = (retailer: Retailer, bearerToken: string, code: unknown, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms/scanReceipt`,
    headers: { ...bearer(bearerToken), 'accept-language': language },
    payload: { code },
  });

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';

describe('POST …/taxforms/scanReceipt', () => {
  it("answers a Croatian receipt's fiscal id, Zagreb time and total", async () => {
    const code = croatianLink([
      ['izn', '14760'],
      ['datv', '20261127_1432'],
      ['jir', JIR],
    ]);
    const response = await scan(shop, token, code);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      country: 'HR',
      receipt_number: null,
      fiscal_id: JIR,
      issued_at: '2026-11-27T14:32:00+01:00',
      gross_amount: 147.6,
      currency: 'EUR',
      kind: 'sale',
      seller_tax_number: null,
      receipt_id: JIR,
      held_by: null,
    });
  });

  it('names the form that already holds the receipt, and none once that form is cancelled', async () => {
    const jir = '0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b';
    const code = croatianLink([
      ['jir', jir],
      ['datv', `${dayIn(shop.timeZone).replaceAll('-', '')}_0930`],
      ['izn', '25000'],
    ]);
    const payload = issuePayload({ today: dayIn(shop.timeZone) });
    const [invoice] = payload.invoice as Record<string, unknown>[];
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`,
      headers: bearer(token),
      payload: { ...payload, invoice: [{ ...invoice, receipt_id: jir.toUpperCase() }] },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { id, barcode } = issued.json().data as { id: number; barcode: string };
    expect((await scan(shop, token, code)).json().data).toMatchObject({
      receipt_id: jir,
      held_by: barcode,
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Other', cancel_comments: 'Wrong receipt' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await scan(shop, token, code)).json().data.held_by).toBeNull();
  });

  it("answers a Serbian receipt's number, time and total", async () => {
    const response = await scan(shop, token, serbianLink(serbianRecord()));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      country: 'RS',
      receipt_number: 'RQ4HG5TH-SG7KL2MN-14502',
      issued_at: '2025-05-20T10:15:30.250Z',
      gross_amount: 1234.5,
      currency: 'RSD',
    });
  });

  it('refuses a copy and a refund, each saying why in the clerk language', async () => {
    const copy = await scan(shop, token, serbianLink(serbianRecord({ invoiceType: 2 })), 'hr');
    expect(copy.statusCode).toBe(400);
    expect(copy.json().code).toBe('VALIDATION_FAILED');
    expect(copy.json().errors).toEqual([
      { field: 'code', message: expect.stringMatching(/kopij/i) },
    ]);
    const refund = await scan(shop, token, serbianLink(serbianRecord({ transactionType: 1 })));
    expect(refund.json().errors[0].message).toMatch(/refund/i);
    expect(refund.json().errors[0].message).not.toBe(copy.json().errors[0].message);
  });

  it('refuses a pro forma, a training receipt and a corrupted digest, each with its own message', async () => {
    const corrupted = serbianRecord();
    corrupted[corrupted.length - 1]! ^= 0xff;
    const answers = await Promise.all(
      [
        serbianRecord({ invoiceType: 1 }),
        serbianRecord({ invoiceType: 3 }),
        serbianRecord({ invoiceType: 2 }),
        serbianRecord({ transactionType: 1 }),
        corrupted,
      ].map((record) => scan(shop, token, serbianLink(record))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    const messages = answers.map((answer) => answer.json().errors[0].message as string);
    expect(messages[0]).toMatch(/pro forma/i);
    expect(messages[1]).toMatch(/training/i);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it("refuses a Slovenian receipt of another seller, and reads the shop's own", async () => {
    const own = slovenianCode('1f0e7d6c5b4a39281706f5e4d3c2b1a0', '58347887', '261127143000');
    const ownAnswer = await scan(slovenian, slovenianToken, own);
    expect(ownAnswer.statusCode).toBe(200);
    expect(ownAnswer.json().data).toMatchObject({ country: 'SI', gross_amount: null });
    const other = slovenianCode('1f0e7d6c5b4a39281706f5e4d3c2b1a0', '15012557', '261127143000');
    const refused = await scan(slovenian, slovenianToken, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/another seller/);
  });

  it('answers anything else with a 4xx that says so, never a 500', async () => {
    for (const code of [
      'hello',
      'https://suf.purs.gov.rs.example.com/v/?vl=AAAA',
      '9'.repeat(60),
    ]) {
      const response = await scan(shop, token, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('code');
    }
    expect((await scan(shop, token, 'x'.repeat(5000))).statusCode).toBe(400);
    expect((await scan(shop, token, 42)).statusCode).toBe(400);
  });

  it("is refused without a session and in another company's branch", async () => {
    const code = croatianLink([
      ['jir', JIR],
      ['datv', '20261127_1432'],
      ['izn', '100'],
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/scanReceipt`,
      payload: { code },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await scan(shop, slovenianToken, code)).statusCode).toBe(403);
  });
});
