import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import { dayIn } from '@taxfree/domain';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
/** The shop's today: the server counts days in the shop's time zone, not in UTC. */
let today: string;

/** A cash-refund form with one invoice made of these lines. */
function body(passport: string, lines: { rate: number; net: number }[]) {
  const breakdown = lines.map((l) => {
    const vat = Math.round(l.net * l.rate) / 100;
    return {
      vat_product_rate: l.rate,
      net_sales_amount: l.net,
      vat_amount: vat,
      gross_sales_price: l.net + vat,
      customer_refund: vat,
    };
  });
  const vat = breakdown.reduce((s, l) => s + l.vat_amount, 0);
  const gross = breakdown.reduce((s, l) => s + l.gross_sales_price, 0);
  return issuePayload({
    today,
    taxform: { passport, method_of_refund: 'option5', acc_details: '' },
    invoice: [
      {
        invoice_date: today,
        invoice_reference_number: '',
        customer_refund: vat,
        gross_sales_price: gross,
        refund_amount: vat,
        vat_amount: vat,
        vat_product_rate: lines[0]!.rate,
        breakdown,
      },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  today = dayIn(shop.timeZone);
  token = await login(t.app, shop);
  const issue = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`,
      headers: bearer(token),
      payload,
    });
  expect(
    (
      await issue(
        body('JP0000001', [
          { rate: 25, net: 100 },
          { rate: 13, net: 50 },
        ]),
      )
    ).statusCode,
  ).toBe(200);
  expect((await issue(body('JP0000002', [{ rate: 25, net: 200 }]))).statusCode).toBe(200);
  const cancelled = (await issue(body('JP0000003', [{ rate: 5, net: 1000 }]))).json().data;
  await t.database.db
    .update(taxForms)
    .set({ cancelled: true })
    .where(eq(taxForms.id, cancelled.id));
});
afterAll(() => t.close());

const get = (path: string) =>
  t.app.inject({
    url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`,
    headers: bearer(token),
  });

describe('GET …/taxforms/stats', () => {
  it("answers thirty days, oldest first, with today's forms, VAT and refunds", async () => {
    const data = (await get('/stats')).json().data;
    expect(data.currency).toBe('EUR');
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({
      date: today,
      forms: 2,
      vat_amount: 81.5,
      refund_amount: 81.5,
    });
    expect(data.days[0].forms).toBe(0);
    expect((await get('/stats?days=7')).json().data.days).toHaveLength(7);
  });
});

describe('GET …/taxforms/breakdown', () => {
  it('sums the lines by VAT rate over a period, cancelled forms aside', async () => {
    const response = await get(`/breakdown?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.rates).toEqual([
      {
        vat_product_rate: 25,
        forms: 2,
        net_amount: 300,
        vat_amount: 75,
        gross_amount: 375,
        refund_amount: 75,
      },
      {
        vat_product_rate: 13,
        forms: 1,
        net_amount: 50,
        vat_amount: 6.5,
        gross_amount: 56.5,
        refund_amount: 6.5,
      },
    ]);
    expect(data.totals).toEqual({
      forms: 2,
      net_amount: 350,
      vat_amount: 81.5,
      gross_amount: 431.5,
      refund_amount: 81.5,
    });
  });

  it('refuses a missing, reversed or overlong period', async () => {
    expect((await get('/breakdown')).statusCode).toBe(400);
    const reversed = await get(`/breakdown?from=${today}&to=2000-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      { field: 'to', message: 'The period must not end before it starts' },
    ]);
    const overlong = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/breakdown?from=2020-01-01&to=2026-01-01`,
      headers: { ...bearer(token), 'accept-language': 'hr' },
    });
    expect(overlong.statusCode).toBe(400);
    expect(overlong.json().errors).toEqual([
      { field: 'to', message: 'Razdoblje može trajati najviše godinu dana' },
    ]);
    // A year from its first day, not a day more; a start that is no day is the start's fault.
    expect((await get('/breakdown?from=2025-01-01&to=2025-12-31')).statusCode).toBe(200);
    expect((await get('/breakdown?from=2025-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('/breakdown?from=2026-02-30&to=2026-03-01')).json().errors).toEqual([
      { field: 'from', message: 'Please enter a valid date' },
    ]);
  });
});
