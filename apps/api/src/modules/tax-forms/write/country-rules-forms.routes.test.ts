import { announceChange } from '../../../db/change-notices.ts';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  centsToAmount,
  dayIn,
  excludedGoodsOf,
  lineFromGross,
  type RefundCalculationSetting,
  type SupportedCountry,
} from '@taxfree/domain';
import {
  auditLog,
  countries,
  invoices,
  productRows,
  settings,
  taxForms,
  travellers,
} from '../../../db/schema/index.ts';
import { translator } from '../../../lib/i18n.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/**
 * What the issue and update routes check beyond each country's edges (country-rules.routes.test.ts):
 * forms of products, amounts typed as an invoice's totals, refund tables that keep a fee, country
 * ids the countries table lacks and expired forms. Every refusal points at its field and writes
 * nothing. Each rule is refused once here; its variants are checked in the domain
 * (decisions/decide-issue-*.test.ts).
 */

type Shop = Retailer & {
  country: SupportedCountry;
  token: string;
  /** The shop's today, the day the server judges dates by. */
  today: string;
};

type Payload = {
  taxform: Record<string, unknown>;
  invoice: Record<string, unknown>[];
  products: Record<string, unknown>[];
};
type FieldError = { field: string; message: string };

let t: TestApp;
/** Country ids of the countries table, by ISO 3166-1 alpha-2 code. */
let countryId: (iso2: string) => number;
let passports = 0;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db
    .select({ id: countries.id, iso2: countries.iso2 })
    .from(countries);
  const ids = new Map(rows.map((row) => [row.iso2, row.id]));
  countryId = (iso2) => {
    const id = ids.get(iso2);
    if (id === undefined) throw new Error(`no country ${iso2} in the countries table`);
    return id;
  };
});
afterAll(() => t.close());

type ShopSettings = { productsMode?: boolean; refund?: RefundCalculationSetting };

/** A shop made by retailer:create, its settings changed as given, its clerk signed in. */
async function openShop(country: SupportedCountry, change: ShopSettings = {}): Promise<Shop> {
  const db = t.database.db;
  const retailer = await createRetailerFixture(db, { country });
  const ofCompany = eq(settings.companyId, retailer.companyId);
  if (change.productsMode) {
    const [row] = await db
      .select({ taxFree: settings.taxFreeSetting })
      .from(settings)
      .where(ofCompany);
    await db
      .update(settings)
      .set({ taxFreeSetting: { ...(row!.taxFree as object), products_in_tfs_form: 1 } })
      .where(ofCompany);
  }
  if (change.refund) {
    await db.update(settings).set({ refundCalculationSetting: change.refund }).where(ofCompany);
  }
  if (change.productsMode || change.refund) {
    await announceChange(db, { kind: 'company', companyId: retailer.companyId });
    // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
    await t.app.changesHeard();
  }
  return {
    ...retailer,
    country,
    token: await login(t.app, retailer),
    today: dayIn(retailer.timeZone),
  };
}

// Payloads

/** An invoice of one line typed as its gross; its refund all its VAT unless given (cents). */
function invoiceOf(grossCents: number, rate: number, date: string, refundCents?: number) {
  const line = lineFromGross(grossCents, rate);
  const refund = centsToAmount(refundCents ?? line.vat);
  return {
    invoice_date: date,
    invoice_reference_number: `R-${date}-${grossCents}`,
    customer_refund: refund,
    gross_sales_price: centsToAmount(line.gross),
    refund_amount: refund,
    vat_amount: centsToAmount(line.vat),
    vat_product_rate: rate,
    breakdown: [
      {
        vat_product_rate: rate,
        net_sales_amount: centsToAmount(line.net),
        vat_amount: centsToAmount(line.vat),
        gross_sales_price: centsToAmount(line.gross),
        customer_refund: refund,
      },
    ],
  };
}

/** An invoice typed by hand as its totals alone, with no lines (amounts in currency units). */
function totalsOnly(shop: Shop, gross: number, vat: number, refund: number) {
  return {
    invoice_date: shop.today,
    invoice_reference_number: `T-${gross}-${vat}`,
    customer_refund: refund,
    gross_sales_price: gross,
    refund_amount: refund,
    vat_amount: vat,
    vat_product_rate: null,
    breakdown: [],
  };
}

/** A form the shop's country accepts: a traveller from China, sold today, 250.00 at 25 %. */
function validForm(
  shop: Shop,
  overrides: { taxform?: Record<string, unknown>; invoice?: Record<string, unknown>[] } = {},
): Payload {
  passports += 1;
  const base = issuePayload({
    today: shop.today,
    taxform: {
      passport: `F${shop.country}${String(passports).padStart(7, '0')}`,
      issued_govt: countryId('CN'),
      nationality: countryId('CN'),
      ...overrides.taxform,
    },
    invoice: overrides.invoice ?? [invoiceOf(250_00, 25, shop.today)],
  });
  return { ...base, invoice: base.invoice as Record<string, unknown>[] };
}

type Row = {
  net: number;
  rate: number;
  invoice?: string;
  classification?: string;
};

/** A form of product rows (net amounts in currency units), sold today. */
function productsForm(shop: Shop, rows: Row[], taxform: Record<string, unknown> = {}): Payload {
  return {
    ...validForm(shop, { taxform }),
    invoice: [],
    products: rows.map((row, i) => ({
      classification: row.classification ?? 'CLOTHING',
      description: `Goods ${i + 1}`,
      quantity: 1,
      serial_number: '',
      net_amount: row.net,
      vat_rate: row.rate,
      simplified_invoice_number: row.invoice ?? '',
      simplified_invoice_date: shop.today,
    })),
  };
}

// Requests

const url = (shop: Shop, path = '') =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

const issue = (shop: Shop, body: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(shop, '/issue'),
    headers: { ...bearer(shop.token), ...headers },
    payload: body,
  });

const update = (shop: Shop, id: number, body: Payload) =>
  t.app.inject({
    method: 'POST',
    url: url(shop, `/update/${id}`),
    headers: bearer(shop.token),
    payload: body,
  });

type Detail = {
  taxforms: Record<string, unknown>;
  invoice: { breakdown: Record<string, unknown>[] }[];
  products: Record<string, unknown>[];
};

async function detail(shop: Shop, id: number) {
  const response = await t.app.inject({ url: url(shop, `/${id}`), headers: bearer(shop.token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Detail }>().data;
}

async function listed(shop: Shop, barcode: string) {
  const response = await t.app.inject({
    url: url(shop, `?search=${barcode}`),
    headers: bearer(shop.token),
  });
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

async function issued(shop: Shop, body: Payload) {
  const response = await issue(shop, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

/** Everything an issue or update writes for the shop's company, and the list's total. */
async function writtenRows(shop: Shop) {
  const db = t.database.db;
  const n = (rows: { n: number }[]) => rows[0]!.n;
  const [forms, invoiceRows, products, travellerRows, audit, list] = await Promise.all([
    db.select({ n: count() }).from(taxForms).where(eq(taxForms.companyId, shop.companyId)),
    db.select({ n: count() }).from(invoices).where(eq(invoices.companyId, shop.companyId)),
    db.select({ n: count() }).from(productRows).where(eq(productRows.companyId, shop.companyId)),
    db.select({ n: count() }).from(travellers).where(eq(travellers.companyId, shop.companyId)),
    // Not the traveller's e-mails of earlier forms, audited whenever they leave.
    db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, shop.companyId), ne(auditLog.action, 'form.mail'))),
    t.app.inject({ url: url(shop, '?perPage=1'), headers: bearer(shop.token) }),
  ]);
  return {
    forms: n(forms),
    invoices: n(invoiceRows),
    products: n(products),
    travellers: n(travellerRows),
    audit: n(audit),
    listTotal: list.json<{ metadata: { total: number } }>().metadata.total,
  };
}

/** The answer to a form the country refuses, in English. */
const refusal = (errors: FieldError[]) => ({
  status: 'error',
  code: 'VALIDATION_FAILED',
  message: 'Some fields are not valid. Please check them and try again.',
  errors,
});

/** Issues a form the server refuses: 400, each field and its English message, nothing written. */
async function expectRefused(shop: Shop, body: Payload, errors: FieldError[]) {
  const before = await writtenRows(shop);
  const response = await issue(shop, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual(refusal(errors));
  expect(await writtenRows(shop)).toEqual(before);
}

/** Sends an update the server refuses as it would the issue: the form left as it was. */
async function expectUpdateRefused(shop: Shop, id: number, body: Payload, errors: FieldError[]) {
  const before = await detail(shop, id);
  const rows = await writtenRows(shop);
  const response = await update(shop, id, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual(refusal(errors));
  expect(await detail(shop, id)).toEqual(before);
  expect(await writtenRows(shop)).toEqual(rows);
}

async function auditDetails(shop: Shop, formId: number) {
  const [entry] = await t.database.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, shop.companyId),
        eq(auditLog.action, 'form.issue'),
        eq(auditLog.entityId, String(formId)),
      ),
    );
  return entry!.details as Record<string, unknown>;
}

// The rules

describe('a country id the countries table lacks', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop('HR');
  });

  it('refuses it as the issuing country, and writes nothing', async () => {
    await expectRefused(shop, validForm(shop, { taxform: { issued_govt: 9999 } }), [
      { field: 'taxform.issued_govt', message: 'Please choose a country from the list' },
    ]);
  });

  it('says so in the language the browser asks for', async () => {
    const body = validForm(shop, { taxform: { issued_govt: 9999 } });
    const response = await issue(shop, body, { 'accept-language': 'hr-HR,hr;q=0.9' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: FieldError[] }>().errors).toEqual([
      {
        field: 'taxform.issued_govt',
        message: translator('hr')('countryUnknown', { ns: 'validation' }),
      },
    ]);
  });

  it('refuses it on update too, leaving the form as it was', async () => {
    const form = await issued(shop, validForm(shop));
    await expectUpdateRefused(shop, form.id, validForm(shop, { taxform: { issued_govt: 9999 } }), [
      { field: 'taxform.issued_govt', message: 'Please choose a country from the list' },
    ]);
  });
});

describe('amounts typed by hand', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop('HR');
  });
  const manual = (invoice: Record<string, unknown>) =>
    validForm(shop, { taxform: { no_auto_calculation: 1 }, invoice: [invoice] });

  it('refuses an invoice typed as its totals alone whose VAT is above the highest rate’s', async () => {
    await expectRefused(shop, manual(totalsOnly(shop, 500, 500, 500)), [
      {
        field: 'invoice.0.vat_amount',
        message: 'The VAT cannot be more than 100.00 EUR, what the 25 % rate gives for this amount',
      },
    ]);
  });

  it('accepts one within a cent of it, stores its net and marks the form', async () => {
    const form = await issued(shop, manual(totalsOnly(shop, 500, 100.01, 100.01)));
    const { taxforms } = await detail(shop, form.id);
    expect(taxforms).toMatchObject({
      gross_sales_price: 500,
      vat_amount: 100.01,
      net_amount: 399.99,
      refund_amount: 100.01,
      fee_amount: 0,
      no_auto_calculation: 1,
    });
    expect(await auditDetails(shop, form.id)).toMatchObject({ manualAmounts: true });
  });

  it('refuses a line whose net is not its gross less its VAT', async () => {
    const invoice = invoiceOf(125_00, 25, shop.today);
    const line = { ...invoice.breakdown[0]!, net_sales_amount: 80 };
    await expectRefused(shop, manual({ ...invoice, breakdown: [line] }), [
      {
        field: 'invoice.0.breakdown.0.net_sales_amount',
        message: 'The net amount does not match the gross less the VAT: it should be 100.00 EUR',
      },
    ]);
  });

  it('refuses on update what it refuses on issue, leaving the form as it was', async () => {
    const form = await issued(shop, validForm(shop));
    await expectUpdateRefused(shop, form.id, manual(totalsOnly(shop, 500, 500, 500)), [
      {
        field: 'invoice.0.vat_amount',
        message: 'The VAT cannot be more than 100.00 EUR, what the 25 % rate gives for this amount',
      },
    ]);
  });
});

describe('refund tables that keep a fee', () => {
  it('refunds the VAT less a fixed fee, and answers the fee', async () => {
    const shop = await openShop('HR', {
      refund: { source: 'VAT_AMOUNT', tiers: [{ from: 0, to: null, fee: 5_00 }] },
    });
    // 250.00 at 25 % carries 50.00 of VAT: 45.00 back, 5.00 kept.
    const form = await issued(
      shop,
      validForm(shop, { invoice: [invoiceOf(250_00, 25, shop.today, 45_00)] }),
    );
    const answer = await detail(shop, form.id);
    expect(answer.taxforms).toMatchObject({
      vat_amount: 50,
      fee_amount: 5,
      refund_amount: 45,
      customer_refund: 45,
    });
    expect(answer.invoice).toMatchObject([{ vat_amount: 50, refund_amount: 45 }]);
  });

  it('keeps at least the minimum fee of each invoice', async () => {
    const shop = await openShop('HR', {
      refund: {
        source: 'VAT_AMOUNT',
        tiers: [{ from: 0, to: null, percentage: 90 }],
        minimum_fee: 8_00,
      },
    });
    // 90 % of 50.00 would leave 5.00; the operator keeps 8.00. 10 % of 150.00 is above it.
    const form = await issued(
      shop,
      validForm(shop, {
        invoice: [
          invoiceOf(250_00, 25, shop.today, 42_00),
          invoiceOf(750_00, 25, shop.today, 135_00),
        ],
      }),
    );
    const answer = await detail(shop, form.id);
    expect(answer.taxforms).toMatchObject({
      vat_amount: 200,
      fee_amount: 23,
      refund_amount: 177,
    });
    expect(answer.invoice).toMatchObject([{ refund_amount: 42 }, { refund_amount: 135 }]);
  });
});

describe('an expired form', () => {
  it('shows as expired in the list and the detail, and cannot be updated', async () => {
    const shop = await openShop('HR');
    const form = await issued(shop, validForm(shop));
    // Its export window closed yesterday, and customs never validated it.
    await t.database.db
      .update(taxForms)
      .set({ exportDeadline: addDays(shop.today, -1) })
      .where(eq(taxForms.id, form.id));

    const [row] = await listed(shop, form.barcode);
    expect(row).toMatchObject({ id: form.id, status: 'FORM_SUBMITTED', expired: true });
    const before = await detail(shop, form.id);
    expect(before.taxforms).toMatchObject({ expired: true });

    const rows = await writtenRows(shop);
    const response = await update(shop, form.id, validForm(shop));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 'error', code: 'FORM_NOT_EDITABLE' });
    expect(await detail(shop, form.id)).toEqual(before);
    expect(await writtenRows(shop)).toEqual(rows);
  });
});

describe('a form of products', () => {
  const shops = {} as Record<'HR' | 'SI', Shop>;
  beforeAll(async () => {
    for (const country of ['HR', 'SI'] as const) {
      shops[country] = await openShop(country, { productsMode: true });
    }
  });

  it('counts a minimum per invoice on each simplified invoice: two of 60.00 EUR fall short', async () => {
    const shop = shops.HR;
    // 48.00 net at 25 % is 60.00 with VAT.
    await expectRefused(
      shop,
      productsForm(shop, [
        { net: 48, rate: 25, invoice: 'S-1' },
        { net: 48, rate: 25, invoice: 'S-2' },
      ]),
      [0, 1].map((row) => ({
        field: `products.${row}.simplified_invoice_number`,
        message: 'Below the minimum of 100.01 EUR per invoice: 40.01 EUR more is needed',
      })),
    );
    await issued(
      shop,
      productsForm(shop, [
        { net: 48, rate: 25, invoice: 'S-1' },
        { net: 48, rate: 25, invoice: 'S-1' },
      ]),
    );
  });

  it('computes each rate’s VAT on its rows together, as a receipt does', async () => {
    const shop = shops.HR;
    // 13 % of 1.12 is 0.15 a row; of the three rows' 3.36, it is 0.44.
    const form = await issued(
      shop,
      productsForm(shop, [
        { net: 100, rate: 25 },
        { net: 1.12, rate: 13 },
        { net: 1.12, rate: 13 },
        { net: 1.12, rate: 13 },
      ]),
    );
    const answer = await detail(shop, form.id);
    expect(answer.taxforms).toMatchObject({ net_amount: 103.36, vat_amount: 25.44 });
    expect(answer.invoice[0]!.breakdown).toMatchObject([
      { vat_product_rate: 25, net_sales_amount: 100, vat_amount: 25 },
      { vat_product_rate: 13, net_sales_amount: 3.36, vat_amount: 0.44 },
    ]);
  });

  it('does not mark computed amounts as typed by hand, whatever the box says', async () => {
    const shop = shops.HR;
    const form = await issued(
      shop,
      productsForm(shop, [{ net: 200, rate: 25 }], { no_auto_calculation: 1 }),
    );
    expect((await detail(shop, form.id)).taxforms).toMatchObject({
      no_auto_calculation: 0,
      vat_amount: 50,
    });
    expect(await auditDetails(shop, form.id)).not.toHaveProperty('manualAmounts');
  });

  async function categories(shop: Shop) {
    const response = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/tfs/products`,
      headers: bearer(shop.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { category_id: string }[] }>().data.map((c) => c.category_id);
  }

  it('gives a new shop the categories of the goods its country excludes, and refuses them', async () => {
    const shop = shops.SI;
    const codes = await categories(shop);
    const excluded = codes.filter((code) => excludedGoodsOf(code) !== null);
    expect(excluded.map(excludedGoodsOf).sort()).toEqual(['alcohol', 'mineralOils', 'tobacco']);
    for (const classification of excluded) {
      const response = await issue(
        shop,
        productsForm(shop, [{ net: 200, rate: 22, classification }]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: FieldError[] }>().errors).toMatchObject([
        { field: 'products.0.classification' },
      ]);
    }
    expect((await categories(shops.HR)).filter((code) => excludedGoodsOf(code) !== null)).toEqual(
      [],
    );
  });

  it('refuses excluded goods on update, leaving the form as it was', async () => {
    const shop = shops.SI;
    const form = await issued(shop, productsForm(shop, [{ net: 200, rate: 22 }]));
    await expectUpdateRefused(
      shop,
      form.id,
      productsForm(shop, [{ net: 200, rate: 22, classification: 'ALCOHOL' }]),
      [{ field: 'products.0.classification', message: 'Alcohol is not refunded in this country' }],
    );
  });
});
