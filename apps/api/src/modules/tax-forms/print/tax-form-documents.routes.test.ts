import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBarcode } from '@taxfree/domain';
import { taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;
let formId: number;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  formId = await createFormFixture(t.database.db, shop, {
    barcode: makeBarcode(shop.companyId, 77),
    name: 'Đorđe',
    surname: 'Nikolić <script>alert(1)</script>',
    grossCents: 125_000,
    vatCents: 25_000,
  });
  await t.database.db
    .update(taxForms)
    .set({ accDetailsLast4: '4242', methodOfRefund: 'option2', customerRefund: '200.00' })
    .where(eq(taxForms.id, formId));
});
afterAll(() => t.close());

const url = (path: string, as = shop) =>
  `/api/v2/companies/${as.companyId}/retailers/${as.branchId}/taxforms${path}`;

describe('GET …/taxforms/{id}', () => {
  it('answers the form, its invoices and products, with the card masked', async () => {
    const response = await t.app.inject({ url: url(`/${formId}`), headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { taxforms, invoice, products } = response.json().data;
    expect(taxforms).toMatchObject({
      id: formId,
      traveler_name: 'Đorđe',
      gross_amount: 1250,
      acc_details: '•••• •••• •••• 4242',
      no_auto_calculation: 0,
    });
    expect(invoice).toEqual([]);
    expect(products).toEqual([]);
  });

  it("refuses another company's form", async () => {
    const otherToken = await login(t.app, other);
    expect(
      (await t.app.inject({ url: url(`/${formId}`, other), headers: bearer(otherToken) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: url(`/download/${formId}`, other), headers: bearer(otherToken) }))
        .statusCode,
    ).toBe(404);
  });
});
