import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_RULES, dayIn, MAX_AMOUNT, type SupportedCountry } from '@taxfree/domain';
import { auditLog, countries, invoices, productRows, taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  invoiceOfLines,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/**
 * One form's ceiling (COUNTRY_RULES' purchaseCeiling): amounts no column could hold, or far above
 * any purchase, are refused with the ceiling named before anything is written, on issue and on
 * update; a form at the ceiling is issued. Each country's ceiling, the refund's, a form of
 * products' and a company without a country's rules are checked in the domain
 * (decisions/decide-issue-ceiling.test.ts).
 */

type Shop = Retailer & { country: SupportedCountry; token: string; today: string };

let t: TestApp;
let china: number;
const shops = {} as Record<SupportedCountry, Shop>;

async function openShop(country: SupportedCountry): Promise<Shop> {
  const retailer = await createRetailerFixture(t.database.db, { country });
  return {
    ...retailer,
    country,
    token: await login(t.app, retailer),
    today: dayIn(retailer.timeZone),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'CN'));
  china = row!.id;
  shops.HR = await openShop('HR');
});
afterAll(() => t.close());

const url = (shop: Shop, path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

/** A form of one invoice per gross (cents), each one line at the country's highest rate. */
function formOf(shop: Shop, grosses: number[]) {
  const rate = COUNTRY_RULES[shop.country].vatRates[0]!;
  return issuePayload({
    today: shop.today,
    // No traveller's e-mail: nothing is written beside the form while it is counted.
    taxform: { issued_govt: china, nationality: china, traveler_email: '' },
    invoice: grosses.map((gross, i) => invoiceOfLines(`R-${i + 1}`, shop.today, [{ rate, gross }])),
  });
}

const send = (shop: Shop, path: string, body: object, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: url(shop, path),
    headers: { ...bearer(shop.token), 'accept-language': language },
    payload: body,
  });

/** What the shop's company has written: forms, invoices, product rows, audit entries. */
async function written(shop: Shop) {
  const db = t.database.db;
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  return {
    forms: await n(
      db.select({ n: count() }).from(taxForms).where(eq(taxForms.companyId, shop.companyId)),
    ),
    invoices: await n(
      db.select({ n: count() }).from(invoices).where(eq(invoices.companyId, shop.companyId)),
    ),
    products: await n(
      db.select({ n: count() }).from(productRows).where(eq(productRows.companyId, shop.companyId)),
    ),
    audit: await n(
      db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, shop.companyId), eq(auditLog.entity, 'tax_form'))),
    ),
  };
}

const CEILING_EN = (ceiling: string) =>
  `One form can cover purchases of at most ${ceiling}. Please check the amounts, or split the purchase over several forms.`;

/** The largest amount a field takes, in cents: 999,999,999,999.99. */
const LARGEST = Math.round(MAX_AMOUNT * 100);

describe('one form’s ceiling, on issue', () => {
  it('refuses two invoices of 999,999,999,999.99 with the ceiling named, and writes nothing', async () => {
    const shop = shops.HR;
    const before = await written(shop);
    const response = await send(shop, '/issue', formOf(shop, [LARGEST, LARGEST]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'FORM_ABOVE_CEILING',
      message: CEILING_EN('1,000,000.00 EUR'),
      errors: [{ field: 'invoice', message: CEILING_EN('1,000,000.00 EUR') }],
    });
    expect(await written(shop)).toEqual(before);
  });

  it('says so in the language asked for', async () => {
    const shop = shops.HR;
    const response = await send(shop, '/issue', formOf(shop, [LARGEST, LARGEST]), 'hr');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Jedan obrazac može obuhvatiti kupnju od najviše 1.000.000,00 EUR. Provjerite iznose ili podijelite kupnju na više obrazaca.',
    );
  });

  it('issues a form just under the ceiling, and one at it, storing its totals', async () => {
    const shop = shops.HR;
    const under = await send(shop, '/issue', formOf(shop, [600_000_00, 399_999_99]));
    expect(under.statusCode, under.body).toBe(200);
    const at = await send(shop, '/issue', formOf(shop, [600_000_00, 400_000_00]));
    expect(at.statusCode, at.body).toBe(200);
    const { id } = at.json<{ data: { id: number } }>().data;
    const detail = await t.app.inject({ url: url(shop, `/${id}`), headers: bearer(shop.token) });
    expect(detail.json().data.taxforms).toMatchObject({
      gross_amount: 1_000_000,
      vat_amount: 200_000,
      refund_amount: 200_000,
    });
  });
});

describe('one form’s ceiling, on update', () => {
  it('refuses an update above the ceiling and leaves the form as it was', async () => {
    const shop = shops.HR;
    const issued = await send(shop, '/issue', formOf(shop, [500_00]));
    expect(issued.statusCode, issued.body).toBe(200);
    const { id } = issued.json<{ data: { id: number } }>().data;
    const before = await written(shop);

    const response = await send(shop, `/update/${id}`, formOf(shop, [LARGEST, LARGEST]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FORM_ABOVE_CEILING',
      message: CEILING_EN('1,000,000.00 EUR'),
    });
    expect(await written(shop)).toEqual(before);
    const detail = await t.app.inject({ url: url(shop, `/${id}`), headers: bearer(shop.token) });
    expect(detail.json().data.taxforms).toMatchObject({ gross_amount: 500 });
  });
});
