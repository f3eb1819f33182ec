import { announceChange } from '../../../db/change-notices.ts';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  centsToAmount,
  COUNTRY_RULES,
  type CountryRules,
  dayIn,
  exportDeadline,
  type Language,
  lineFromGross,
  type SupportedCountry,
  writeIsoDay,
} from '@taxfree/domain';
import { createRetailer } from '../../../cli/commands.ts';
import {
  auditLog,
  companies,
  countries,
  invoices,
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
 * The law of each country the portal serves, as the issue and update routes enforce it: for every
 * rule, a Croatian form just inside it is issued and one just outside it is refused, pointing at
 * the field and leaving the database untouched. Every country's edges are written out where the
 * rules live, in the domain (decisions/decide-issue-*.test.ts); here, a country other than Croatia
 * appears where a test is about it: its language, its goods, what retailer:create gives it.
 */

const COUNTRIES = ['HR', 'SI', 'RS', 'BA'] as const satisfies readonly SupportedCountry[];
type Country = (typeof COUNTRIES)[number];

type Shop = Retailer & {
  country: Country;
  rules: CountryRules;
  token: string;
  /** The shop's today, the day the server judges dates by. */
  today: string;
};

type Invoice = ReturnType<typeof invoiceOf>;
type Payload = {
  taxform: Record<string, unknown>;
  invoice: Invoice[];
  products: Record<string, unknown>[];
};
type FieldError = { field: string; message: string };

/** What the four countries' forms need beyond the figures of COUNTRY_RULES. */
type Profile = {
  /** A purchase (gross, cents) comfortably above the minimum. */
  purchase: number;
  /**
   * The edge of the minimum purchase: invoice grosses in cents, the refusal in English, and its
   * figures as the country's language writes them.
   */
  minimum: {
    accepted: number[];
    refused: number[];
    error: FieldError;
    inLanguage: { minimum: string; missing: string };
  };
  /** How a browser of the country asks for its language, and the language meant. */
  acceptLanguage: string;
  language: Language;
};

const PROFILES: Record<Country, Profile> = {
  HR: {
    purchase: 250_00,
    minimum: {
      accepted: [100_01],
      refused: [100_00],
      error: {
        field: 'invoice.0.gross_sales_price',
        message: 'Below the minimum of 100.01 EUR per invoice: 0.01 EUR more is needed',
      },
      inLanguage: { minimum: '100,01 EUR', missing: '0,01 EUR' },
    },
    acceptLanguage: 'hr-HR,hr;q=0.9,en;q=0.8',
    language: 'hr',
  },
  SI: {
    purchase: 250_00,
    minimum: {
      accepted: [50_01],
      refused: [50_00],
      error: {
        field: 'invoice.0.gross_sales_price',
        message: 'Below the minimum of 50.01 EUR per invoice: 0.01 EUR more is needed',
      },
      inLanguage: { minimum: '50,01 EUR', missing: '0,01 EUR' },
    },
    acceptLanguage: 'sl-SI',
    language: 'sl-si',
  },
  RS: {
    purchase: 7_200_00,
    minimum: {
      // Two invoices of one seller count together.
      accepted: [3_000_00, 3_000_00],
      refused: [3_000_00, 2_999_99],
      error: {
        field: 'invoice',
        message:
          'Below the minimum of 6,000.00 RSD for all invoices together: 0.01 RSD more is needed',
      },
      inLanguage: { minimum: '6.000,00 RSD', missing: '0,01 RSD' },
    },
    acceptLanguage: 'sr-Latn-RS',
    language: 'sr',
  },
  BA: {
    purchase: 250_00,
    minimum: {
      accepted: [100_01],
      refused: [100_00],
      error: {
        field: 'invoice.0.gross_sales_price',
        message: 'Below the minimum of 100.01 BAM per invoice: 0.01 BAM more is needed',
      },
      inLanguage: { minimum: '100,01 BAM', missing: '0,01 BAM' },
    },
    acceptLanguage: 'bs-BA',
    language: 'bs',
  },
};

/** Croatia's edges beyond its minimum, for the rules' table. */
const HR_EDGES = {
  /** A country where travellers are not eligible. */
  ineligible: 'DE',
  /** A rate that is another country's, not Croatia's, and the refusal's text. */
  foreignRate: {
    rate: 22,
    message: '22 % is not a VAT rate of this country (its rates: 25, 13, 5 %)',
  },
  /** VAT equal to the whole purchase, typed by hand, and the VAT the rate gives. */
  wholePurchaseAsVat: {
    gross: 500_00,
    message: "The VAT does not match the line's rate: it should be 100.00 EUR",
  },
};

const RESIDENCE_NOT_ELIGIBLE =
  "Residents of this traveller's country cannot get a tax-free refund here. If the traveller lives elsewhere, choose the country of residence and enter the proof of residence.";

let t: TestApp;
const shops = {} as Record<Country, Shop>;
/** Country ids of the countries table, by ISO 3166-1 alpha-2 code. */
let countryId: (iso2: string) => number;
let passports = 0;

async function openShop(country: Country): Promise<Shop> {
  const retailer = await createRetailerFixture(t.database.db, { country });
  return {
    ...retailer,
    country,
    rules: COUNTRY_RULES[country],
    token: await login(t.app, retailer),
    today: dayIn(retailer.timeZone),
  };
}

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
  for (const country of COUNTRIES) shops[country] = await openShop(country);
});
afterAll(() => t.close());

// Payloads

/** An invoice of one line typed as its gross, with the amounts the server computes for it. */
function invoiceOf(grossCents: number, rate: number, date: string) {
  const line = lineFromGross(grossCents, rate);
  const amount = (cents: number) => centsToAmount(cents);
  return {
    invoice_date: date,
    invoice_reference_number: `R-${date}-${grossCents}`,
    customer_refund: amount(line.vat),
    gross_sales_price: amount(line.gross),
    refund_amount: amount(line.vat),
    vat_amount: amount(line.vat),
    vat_product_rate: rate,
    breakdown: [
      {
        vat_product_rate: rate,
        net_sales_amount: amount(line.net),
        vat_amount: amount(line.vat),
        gross_sales_price: amount(line.gross),
        customer_refund: amount(line.vat),
      },
    ],
  };
}

/** One line typed by hand: its VAT as given, its net what the VAT leaves of the gross. */
function manualInvoice(grossCents: number, vatCents: number, rate: number, date: string) {
  const invoice = invoiceOf(grossCents, rate, date);
  const vat = centsToAmount(vatCents);
  const line = {
    ...invoice.breakdown[0]!,
    net_sales_amount: centsToAmount(grossCents - vatCents),
    vat_amount: vat,
    customer_refund: vat,
  };
  return {
    ...invoice,
    vat_amount: vat,
    customer_refund: vat,
    refund_amount: vat,
    breakdown: [line],
  };
}

/**
 * A form the shop's country accepts: a traveller from China, sold today, one invoice of a
 * comfortable amount at the country's highest rate.
 */
function validForm(
  shop: Shop,
  overrides: { taxform?: Record<string, unknown>; invoice?: Invoice[] } = {},
): Payload {
  passports += 1;
  const base = issuePayload({
    today: shop.today,
    taxform: {
      passport: `${shop.country}${String(passports).padStart(7, '0')}`,
      issued_govt: countryId('CN'),
      nationality: countryId('CN'),
      ...overrides.taxform,
    },
    invoice: overrides.invoice ?? [
      invoiceOf(PROFILES[shop.country].purchase, shop.rules.vatRates[0]!, shop.today),
    ],
  });
  return { ...base, invoice: base.invoice as Invoice[] };
}

/** The oldest invoice date whose export window is still open today, and the day before it. */
function exportWindowEdge(shop: Shop) {
  const deadline = (date: string) => exportDeadline(shop.rules.exportDeadline, date);
  let lastOpen = shop.today;
  while (deadline(addDays(lastOpen, -1)) >= shop.today) lastOpen = addDays(lastOpen, -1);
  return { lastOpen, firstClosed: addDays(lastOpen, -1) };
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

async function detail(shop: Shop, id: number) {
  const response = await t.app.inject({ url: url(shop, `/${id}`), headers: bearer(shop.token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { taxforms: Record<string, unknown>; invoice: unknown[] } }>().data;
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
  const [forms, invoiceRows, travellerRows, audit, list] = await Promise.all([
    db.select({ n: count() }).from(taxForms).where(eq(taxForms.companyId, shop.companyId)),
    db.select({ n: count() }).from(invoices).where(eq(invoices.companyId, shop.companyId)),
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

/** Sends a form the country refuses: 400, the field and its English message, nothing written. */
async function expectRefused(shop: Shop, body: Payload, errors: FieldError[]) {
  const before = await writtenRows(shop);
  const response = await issue(shop, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual(refusal(errors));
  expect(await writtenRows(shop)).toEqual(before);
}

// The rules, one accepted and one refused form each, run for Croatia (HR_EDGES are its figures);
// every country's edges are in the domain's decide-issue-country-rules.test.ts.

type RuleCase = { accepted: Payload; refused: Payload; error: FieldError };

const RULES: { rule: string; build: (shop: Shop) => RuleCase }[] = [
  {
    rule: 'minimum purchase: accepts the smallest amount that qualifies, refuses a cent less',
    build: (shop) => {
      const { minimum } = PROFILES[shop.country];
      const rate = shop.rules.vatRates[0]!;
      const invoicesOf = (grosses: number[]) =>
        grosses.map((gross) => invoiceOf(gross, rate, shop.today));
      return {
        accepted: validForm(shop, { invoice: invoicesOf(minimum.accepted) }),
        refused: validForm(shop, { invoice: invoicesOf(minimum.refused) }),
        error: minimum.error,
      };
    },
  },
  {
    rule: 'residence: refuses a document issued where travellers are not eligible',
    build: (shop) => ({
      accepted: validForm(shop, { taxform: { issued_govt: countryId('CN') } }),
      refused: validForm(shop, {
        taxform: { issued_govt: countryId(HR_EDGES.ineligible) },
      }),
      error: { field: 'taxform.issued_govt', message: RESIDENCE_NOT_ELIGIBLE },
    }),
  },
  {
    rule: 'residence: refuses a traveller who lives where travellers are not eligible',
    build: (shop) => ({
      accepted: validForm(shop, { taxform: { residence_country: countryId('US') } }),
      refused: validForm(shop, {
        taxform: { residence_country: countryId(HR_EDGES.ineligible) },
      }),
      error: { field: 'taxform.residence_country', message: RESIDENCE_NOT_ELIGIBLE },
    }),
  },
  {
    rule: 'residence: asks for proof when the document comes from where travellers are not eligible',
    build: (shop) => {
      const taxform = {
        issued_govt: countryId(HR_EDGES.ineligible),
        residence_country: countryId('US'),
      };
      return {
        accepted: validForm(shop, {
          taxform: { ...taxform, residence_proof: 'Green card SRC1234567890' },
        }),
        refused: validForm(shop, { taxform: { ...taxform, residence_proof: '' } }),
        error: {
          field: 'taxform.residence_proof',
          message:
            'The document was issued where travellers are not eligible: enter the proof of residence elsewhere (e.g. a residence permit number)',
        },
      };
    },
  },
  {
    rule: "VAT rates: accepts each of the country's rates, refuses another country's",
    build: (shop) => {
      const { purchase } = PROFILES[shop.country];
      const { foreignRate } = HR_EDGES;
      return {
        accepted: validForm(shop, {
          invoice: shop.rules.vatRates.map((rate) => invoiceOf(purchase, rate, shop.today)),
        }),
        refused: validForm(shop, { invoice: [invoiceOf(purchase, foreignRate.rate, shop.today)] }),
        error: {
          field: 'invoice.0.breakdown.0.vat_product_rate',
          message: foreignRate.message,
        },
      };
    },
  },
  {
    rule: 'dates: accepts an invoice of the day of sale, refuses one dated after it',
    build: (shop) => {
      const { purchase } = PROFILES[shop.country];
      const rate = shop.rules.vatRates[0]!;
      const yesterday = addDays(shop.today, -1);
      return {
        accepted: validForm(shop, {
          taxform: { date_of_sales: yesterday },
          invoice: [invoiceOf(purchase, rate, yesterday)],
        }),
        refused: validForm(shop, {
          taxform: { date_of_sales: yesterday },
          invoice: [invoiceOf(purchase, rate, shop.today)],
        }),
        error: {
          field: 'invoice.0.invoice_date',
          message: 'The invoice date cannot be after the date of sale',
        },
      };
    },
  },
  {
    rule: 'export window: accepts the oldest invoice whose window is still open, refuses one a day older',
    build: (shop) => {
      const { purchase } = PROFILES[shop.country];
      const rate = shop.rules.vatRates[0]!;
      const { lastOpen, firstClosed } = exportWindowEdge(shop);
      const closedOn = exportDeadline(shop.rules.exportDeadline, firstClosed);
      // The edge is where the window's last day turns into the past.
      expect(exportDeadline(shop.rules.exportDeadline, lastOpen) >= shop.today).toBe(true);
      expect(addDays(closedOn, 1) <= shop.today).toBe(true);
      return {
        accepted: validForm(shop, { invoice: [invoiceOf(purchase, rate, lastOpen)] }),
        refused: validForm(shop, { invoice: [invoiceOf(purchase, rate, firstClosed)] }),
        error: {
          field: 'taxform.date_of_sales',
          message: `The export deadline of ${writeIsoDay(closedOn, 'en')} has passed: these goods can no longer be refunded`,
        },
      };
    },
  },
  {
    rule: 'identity document: accepts one expiring today, refuses one that expired yesterday',
    build: (shop) => {
      const yesterday = addDays(shop.today, -1);
      return {
        accepted: validForm(shop, { taxform: { passport_expiry: shop.today } }),
        refused: validForm(shop, { taxform: { passport_expiry: yesterday } }),
        error: {
          field: 'taxform.passport_expiry',
          message: `The identity document expired on ${writeIsoDay(yesterday, 'en')}`,
        },
      };
    },
  },
  {
    rule: 'date of birth: accepts today, refuses tomorrow',
    build: (shop) => ({
      accepted: validForm(shop, { taxform: { traveler_dob: shop.today } }),
      refused: validForm(shop, { taxform: { traveler_dob: addDays(shop.today, 1) } }),
      error: {
        field: 'taxform.traveler_dob',
        message: 'The date of birth cannot be in the future',
      },
    }),
  },
  {
    rule: 'goods: asks what was bought on a form of invoices',
    build: (shop) => ({
      accepted: validForm(shop, { taxform: { items: 'Wool coat' } }),
      refused: validForm(shop, { taxform: { items: '' } }),
      error: { field: 'taxform.items', message: 'Purchase details are required' },
    }),
  },
];

describe('issuing a form in Croatia', () => {
  for (const { rule, build } of RULES) {
    it(rule, async () => {
      const shop = shops.HR;
      const { accepted, refused, error } = build(shop);

      const before = await writtenRows(shop);
      const form = await issued(shop, accepted);
      expect((await writtenRows(shop)).forms).toBe(before.forms + 1);
      expect((await detail(shop, form.id)).taxforms.barcode).toBe(form.barcode);

      await expectRefused(shop, refused, [error]);
    });
  }

  it('answers the export deadline in the list and the detail: the earliest of its invoices', async () => {
    const shop = shops.HR;
    const { purchase } = PROFILES.HR;
    const rate = shop.rules.vatRates[0]!;
    const older = addDays(shop.today, -40);
    const form = await issued(
      shop,
      validForm(shop, {
        invoice: [invoiceOf(purchase, rate, shop.today), invoiceOf(purchase, rate, older)],
      }),
    );
    const deadline = exportDeadline(shop.rules.exportDeadline, older);
    expect(deadline < exportDeadline(shop.rules.exportDeadline, shop.today)).toBe(true);

    const [row] = await listed(shop, form.barcode);
    expect(row).toMatchObject({ id: form.id, export_deadline: deadline, expired: false });
    expect((await detail(shop, form.id)).taxforms).toMatchObject({
      export_deadline: deadline,
      expired: false,
    });
  });
});

describe.each(COUNTRIES)('a refusal in %s', (country) => {
  it('is answered in the language the browser asks for', async () => {
    const shop = shops[country];
    const { minimum, acceptLanguage, language } = PROFILES[country];
    const rate = shop.rules.vatRates[0]!;
    const body = validForm(shop, {
      invoice: minimum.refused.map((gross) => invoiceOf(gross, rate, shop.today)),
    });
    const before = await writtenRows(shop);

    const response = await issue(shop, body, { 'accept-language': acceptLanguage });
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ message: string; errors: FieldError[] }>();
    const translate = translator(language);
    expect(answer.message).toBe(translate('errors.VALIDATION_FAILED'));
    expect(answer.message).not.toBe('Some fields are not valid. Please check them and try again.');
    expect(answer.errors).toHaveLength(1);
    const [error] = answer.errors;
    expect(error!.field).toBe(minimum.error.field);
    expect(error!.message).not.toBe(minimum.error.message);
    const key =
      minimum.error.field === 'invoice' ? 'belowMinimumPerForm' : 'belowMinimumPerInvoice';
    // The amounts as the language writes them, as the rest of the clerk's screens do.
    const params = minimum.inLanguage;
    expect(error!.message).toContain(params.minimum);
    expect(error!.message).toContain(params.missing);
    expect(error!.message).toBe(translate(key, { ...params, ns: 'validation' }));
    expect(await writtenRows(shop)).toEqual(before);
  });
});

describe('updating a form in Croatia', () => {
  let formId: number;
  beforeAll(async () => {
    formId = (await issued(shops.HR, validForm(shops.HR))).id;
  });

  for (const { rule, build } of RULES) {
    it(`refuses as on issue and leaves the form unchanged: ${rule}`, async () => {
      const shop = shops.HR;
      const { refused, error } = build(shop);
      const before = await detail(shop, formId);
      const rows = await writtenRows(shop);

      const response = await update(shop, formId, refused);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(refusal([error]));

      expect(await detail(shop, formId)).toEqual(before);
      expect(await writtenRows(shop)).toEqual(rows);
    });
  }

  it('applies a change the country accepts, with the new export deadline', async () => {
    const shop = shops.HR;
    const { lastOpen } = exportWindowEdge(shop);
    const body = validForm(shop, {
      invoice: [invoiceOf(PROFILES.HR.purchase, shop.rules.vatRates[0]!, lastOpen)],
    });
    const response = await update(shop, formId, body);
    expect(response.statusCode, response.body).toBe(200);
    const deadline = exportDeadline(shop.rules.exportDeadline, lastOpen);
    const after = await detail(shop, formId);
    expect(after.taxforms).toMatchObject({ export_deadline: deadline, expired: false });
    expect(after.invoice).toMatchObject([{ invoice_date: lastOpen }]);
  });
});

describe('goods a country does not refund, on a form of products', () => {
  /** Croatia refunds every kind of goods, Slovenia refuses three. */
  const GOODS_COUNTRIES = ['HR', 'SI'] as const;
  const productShops = {} as Record<(typeof GOODS_COUNTRIES)[number], Shop>;
  beforeAll(async () => {
    for (const country of GOODS_COUNTRIES) {
      const shop = await openShop(country);
      const [row] = await t.database.db
        .select({ taxFree: settings.taxFreeSetting })
        .from(settings)
        .where(eq(settings.companyId, shop.companyId));
      await t.database.db
        .update(settings)
        .set({ taxFreeSetting: { ...(row!.taxFree as object), products_in_tfs_form: 1 } })
        .where(eq(settings.companyId, shop.companyId));
      await announceChange(t.database.db, { kind: 'company', companyId: shop.companyId });
      // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
      await t.app.changesHeard();
      productShops[country] = shop;
    }
  });

  /** A form of one product row whose total (net) is the country's comfortable purchase. */
  const productForm = (shop: Shop, classification: string): Payload => {
    const rate = shop.rules.vatRates[0]!;
    const net = lineFromGross(PROFILES[shop.country].purchase, rate).net;
    return {
      ...validForm(shop),
      invoice: [],
      products: [
        {
          classification,
          description: `Goods of class ${classification}`,
          quantity: 1,
          serial_number: '',
          net_amount: centsToAmount(net),
          vat_rate: rate,
          simplified_invoice_number: 'S-1',
          simplified_invoice_date: shop.today,
        },
      ],
    };
  };

  const GOODS = [
    { classification: 'ALCOHOL', message: 'Alcohol is not refunded in this country' },
    { classification: 'TOBACCO', message: 'Tobacco is not refunded in this country' },
    {
      classification: 'MINERAL_OILS',
      message: 'Mineral oils and fuel are not refunded in this country',
    },
  ];
  for (const country of GOODS_COUNTRIES) {
    for (const { classification, message } of GOODS) {
      if (COUNTRY_RULES[country].excludedGoods.length > 0) {
        it(`${country} refunds clothing but refuses ${classification}`, async () => {
          const shop = productShops[country];
          await issued(shop, productForm(shop, 'CLOTHING'));
          await expectRefused(shop, productForm(shop, classification), [
            { field: 'products.0.classification', message },
          ]);
        });
      } else {
        it(`${country} refunds ${classification}`, async () => {
          const shop = productShops[country];
          const form = await issued(shop, productForm(shop, classification));
          expect((await detail(shop, form.id)).taxforms.barcode).toBe(form.barcode);
        });
      }
    }
  }
});

describe('amounts typed by hand (no_auto_calculation)', () => {
  const manualForm = (shop: Shop, invoice: Invoice) =>
    validForm(shop, { taxform: { no_auto_calculation: 1 }, invoice: [invoice] });

  it('accepts a VAT a cent off its rate, totals that are the sums, and marks the form', async () => {
    const shop = shops.HR;
    const rate = shop.rules.vatRates[0]!;
    const gross = PROFILES.HR.purchase;
    const vat = lineFromGross(gross, rate).vat + 1;
    const form = await issued(shop, manualForm(shop, manualInvoice(gross, vat, rate, shop.today)));

    const { taxforms } = await detail(shop, form.id);
    expect(taxforms).toMatchObject({
      no_auto_calculation: 1,
      vat_amount: centsToAmount(vat),
      refund_amount: centsToAmount(vat),
    });
    const [entry] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, shop.companyId),
          eq(auditLog.action, 'form.issue'),
          eq(auditLog.entityId, String(form.id)),
        ),
      );
    expect(entry!.details).toMatchObject({ barcode: form.barcode, manualAmounts: true });
  });

  it('refuses a VAT equal to the whole purchase', async () => {
    const shop = shops.HR;
    const { gross, message } = HR_EDGES.wholePurchaseAsVat;
    const invoice = manualInvoice(gross, gross, shop.rules.vatRates[0]!, shop.today);
    await expectRefused(shop, manualForm(shop, invoice), [
      { field: 'invoice.0.breakdown.0.vat_amount', message },
    ]);
  });

  it("refuses an invoice's totals that are not the sums of its lines", async () => {
    const shop = shops.HR;
    const invoice = { ...manualInvoice(125_00, 25_00, 25, shop.today), gross_sales_price: 130 };
    await expectRefused(shop, manualForm(shop, invoice), [
      {
        field: 'invoice.0.gross_sales_price',
        message: 'The total does not match the sum of the lines: it should be 125.00 EUR',
      },
    ]);
  });

  it('refuses a refund above what the refund table gives, accepts it at that amount', async () => {
    const shop = await openShop('HR');
    await t.database.db
      .update(settings)
      .set({
        refundCalculationSetting: {
          source: 'VAT_AMOUNT',
          tiers: [{ from: 0, to: null, percentage: 70 }],
        },
      })
      .where(eq(settings.companyId, shop.companyId));
    await announceChange(t.database.db, { kind: 'company', companyId: shop.companyId });
    // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
    await t.app.changesHeard();
    const withRefund = (refund: number) => {
      const invoice = manualInvoice(125_00, 25_00, 25, shop.today);
      const line = { ...invoice.breakdown[0]!, customer_refund: refund };
      return {
        ...invoice,
        customer_refund: refund,
        refund_amount: refund,
        breakdown: [line],
      };
    };

    await issued(shop, manualForm(shop, withRefund(17.5)));
    await expectRefused(shop, manualForm(shop, withRefund(17.51)), [
      {
        field: 'invoice.0.customer_refund',
        message:
          'The refund cannot be more than 17.50 EUR, what the refund table gives for this VAT',
      },
    ]);
  });
});

describe('retailer:create', () => {
  it.each(COUNTRIES)(
    "gives a %s shop its country's currency, time zone and VAT rates",
    async (country) => {
      const shop = shops[country];
      const rules = COUNTRY_RULES[country];
      const [row] = await t.database.db
        .select({
          currency: companies.currency,
          timeZone: companies.timeZone,
          vat: settings.vatSetting,
        })
        .from(companies)
        .innerJoin(settings, eq(settings.companyId, companies.id))
        .where(eq(companies.id, shop.companyId));
      expect(row).toMatchObject({
        currency: rules.currency,
        timeZone: rules.timeZone,
        vat: { product_rates: rules.vatRates.join(',') },
      });
    },
  );

  it('refuses a country the portal does not serve', async () => {
    await expect(
      createRetailer(t.database.db, {
        accountNo: 'DE-1000',
        username: 'clerk',
        password: 'long-enough-password',
        company: 'Laden',
        branch: 'Berlin',
        country: 'DE',
      }),
    ).rejects.toThrow('The portal does not serve country DE: use one of HR, SI, RS, BA.');
    const [row] = await t.database.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.accountNo, 'DE-1000'));
    expect(row!.n).toBe(0);
  });
});
