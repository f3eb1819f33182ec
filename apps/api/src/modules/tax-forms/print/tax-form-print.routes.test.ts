import { announceChange } from '../../../db/change-notices.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_RULES, dayIn, makeBarcode, type SupportedCountry } from '@taxfree/domain';
import { auditLog, countries, settings, storedFiles, taxForms } from '../../../db/schema/index.ts';
import { countryName } from '../../../lib/country-names.ts';
import { translator } from '../../../lib/i18n.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  invoiceOfLines,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';
import { pdfPages } from '../../../../test/support/pdf-text.ts';
import { PRINT_LINK_LIFETIME_MS, signPrintLink } from './pdf/print-links.ts';

/**
 * The printed form, read back as a customs officer would read it: each country's form in its
 * language with English beside it, every block the law asks for, tables of any length over pages,
 * the original and its copies, and links that stop working.
 */

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.database.db.select().from(countries)) ids.set(row.iso2, row.id);
});
afterAll(() => t.close());

const COUNTRIES = ['HR', 'SI', 'RS', 'BA'] as const;

type Shop = Retailer & { token: string; country: SupportedCountry };

/**
 * Each shop's legal identity as a clerk types it on Shop information, and its VAT number as the
 * shop keeps and prints it: normalised, with the country's prefix where it has one (016).
 */
const LEGAL: Record<
  SupportedCountry,
  { legal_name: string; legal_address: string; vat_number: string; printed: string }
> = {
  HR: {
    legal_name: 'Jadran Moda d.o.o.',
    legal_address: 'Ilica 12, 10000 Zagreb',
    vat_number: '694 351 515 30',
    printed: 'HR69435151530',
  },
  SI: {
    legal_name: 'Alpska Obutev d.o.o.',
    legal_address: 'Čopova 3, 1000 Ljubljana',
    vat_number: '1501 2557',
    printed: 'SI15012557',
  },
  RS: {
    legal_name: 'Kalemegdan Trgovina d.o.o.',
    legal_address: 'Knez Mihailova 12, 11000 Beograd',
    vat_number: 'RS 101 134 702',
    printed: '101134702',
  },
  BA: {
    legal_name: 'Baščaršija Zanat d.o.o.',
    legal_address: 'Ferhadija 5, 71000 Sarajevo',
    // The company's JIB: its VAT number with a leading 4.
    vat_number: '4200123450005',
    printed: '200123450005',
  },
};

/** A shop of `country` whose clerk has filled in the legal identity on Shop information. */
async function openShop(country: SupportedCountry): Promise<Shop> {
  const shop = await createRetailerFixture(t.database.db, { country });
  const token = await login(t.app, shop);
  const { printed, ...identity } = LEGAL[country];
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`,
    headers: bearer(token),
    payload: { branch_name: `Branch ${shop.accountNo}`, ...identity },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json<{ data: { vat_number: string } }>().data.vat_number).toBe(printed);
  return { ...shop, country, token };
}

/** Turns on the shop's forms of products (one row per product, the form's own invoice). */
async function productsMode(shop: Shop) {
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
}

const url = (shop: Shop, path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

async function issue(shop: Shop, payload: object, key: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: url(shop, '/issue'),
    headers: { ...bearer(shop.token), 'idempotency-key': key },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}

/** Prints the form as the portal does; answers the link's name and the PDF's pages. */
async function print(shop: Shop, formId: number, language = 'en') {
  const response = await t.app.inject({
    url: url(shop, `/download/${formId}`),
    headers: { ...bearer(shop.token), 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  const name = response.json<{ data: string }>().data;
  const file = await t.app.inject({ url: `/uploads/electronic/${name}` });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  return { name, bytes: file.rawPayload, pages: await pdfPages(file.rawPayload) };
}

async function barcodeOf(formId: number) {
  const [row] = await t.database.db
    .select({ barcode: taxForms.barcode })
    .from(taxForms)
    .where(eq(taxForms.id, formId));
  return row!.barcode;
}

/** A text from the catalogues in the form's language of `country`, and in English. */
function words(country: SupportedCountry, key: string, params?: Record<string, unknown>) {
  const language = COUNTRY_RULES[country].formLanguage;
  return [translator(language)(key, params), translator('en')(key, params)] as const;
}

/** "Local / English" as the form prints a label (once where both languages write it alike). */
function label(country: SupportedCountry, key: string, params?: Record<string, unknown>) {
  const [local, english] = words(country, `pdf.${key}`, params);
  return local === english ? english : `${local} / ${english}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A field's label followed by its value. A label too long for its cell prints its two languages
 * one under the other, which reads back without the slash.
 */
function field(country: SupportedCountry, key: string, value: string) {
  const [local, english] = words(country, `pdf.${key}`);
  const name = local === english ? escape(english) : `${escape(local)} (?:/ )?${escape(english)}`;
  return new RegExp(`${name} ${escape(value)}`);
}

/** A country as the form prints it: its name in the form's language, and in English. */
function place(country: SupportedCountry, iso2: string) {
  const local = countryName(iso2, COUNTRY_RULES[country].formLanguage);
  const english = countryName(iso2, 'en');
  return local === english ? english : `${local} / ${english}`;
}

/** The section title a table prints on the pages it continues onto. */
function continuedTitle(country: SupportedCountry, key: string) {
  const [local, english] = words(country, `pdf.${key}`);
  const [localMore, englishMore] = words(country, 'pdf.continued');
  return `${local} (${localMore}) / ${english} (${englishMore})`.toUpperCase();
}

const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/**
 * No page of a long table holds its header alone or a lone row: every page the table fills before
 * it goes on holds at least 30 of its rows; the page where it ends holds at least one and, unless
 * it is full, the block after the table too; every later page holds that block or the declaration,
 * and the last page closes the form with the declaration.
 */
function expectNoPageAlone(
  pages: string[],
  table: {
    title: string;
    continued: string;
    rows: (page: string) => number;
    next: string;
    declaration: string;
  },
) {
  const holds = (page: string) => page.includes(table.title) || page.includes(table.continued);
  const first = pages.findIndex(holds);
  const last = pages.findLastIndex(holds);
  expect(first).toBeGreaterThanOrEqual(0);
  pages.forEach((page, i) => {
    const rows = table.rows(page);
    if (i < first) return;
    if (i < last) {
      expect(pages[i + 1], `page ${i + 2}`).toContain(table.continued);
      expect(rows, `rows on page ${i + 1}`).toBeGreaterThanOrEqual(30);
    } else if (i === last) {
      expect(rows, `rows on page ${i + 1}`).toBeGreaterThanOrEqual(1);
      if (rows < 30) expect(page, `page ${i + 1}`).toContain(table.next);
    } else {
      expect(page.includes(table.next) || page.includes(table.declaration), `page ${i + 1}`).toBe(
        true,
      );
    }
  });
  expect(pages.at(-1)).toContain(table.declaration);
}

const CASES: Record<
  SupportedCountry,
  {
    rates: [number, number];
    gross: [number, number];
    /** Ten invoices: their gross and VAT, and the refund after a fee of 12.34. */
    money: { net: string; vat: string; gross: string; refund: string };
    /** A copy's mark and two labels, as the form's language writes them. */
    copy: string;
    local: string[];
    /** One product's net: ten of them, a simplified invoice, are above the country's minimum. */
    productNet: number;
    productsNet: string;
  }
> = {
  // Purchases above each minimum, at two of the country's rates (BiH has one: twice 17 %).
  HR: {
    rates: [25, 13],
    gross: [125_00, 22_60],
    money: { net: '1.200,00 EUR', vat: '276,00 EUR', gross: '1.476,00 EUR', refund: '263,66 EUR' },
    copy: 'KOPIJA 1 / COPY 1',
    local: [
      'Evidencijski broj / Record number',
      'Roba mora biti izvezena do / Goods must leave by',
    ],
    productNet: 10,
    productsNet: '1.200,00 EUR',
  },
  SI: {
    rates: [22, 9.5],
    gross: [122_00, 43_80],
    money: { net: '1.400,00 EUR', vat: '258,00 EUR', gross: '1.658,00 EUR', refund: '245,66 EUR' },
    copy: 'KOPIJA 1 / COPY 1',
    local: [
      'Evidenčna številka / Record number',
      'Blago mora biti izvoženo do / Goods must leave by',
    ],
    productNet: 10,
    productsNet: '1.200,00 EUR',
  },
  RS: {
    rates: [20, 10],
    gross: [12_000_00, 2_200_00],
    money: {
      net: '120.000,00 RSD',
      vat: '22.000,00 RSD',
      gross: '142.000,00 RSD',
      refund: '21.987,66 RSD',
    },
    copy: 'KOPIJA 1 / COPY 1',
    local: [
      'Evidencioni broj / Record number',
      'Dobra moraju biti izneta do / Goods must leave by',
    ],
    productNet: 600,
    productsNet: '72.000,00 RSD',
  },
  BA: {
    rates: [17, 17],
    gross: [117_00, 23_40],
    money: { net: '1.200,00 BAM', vat: '204,00 BAM', gross: '1.404,00 BAM', refund: '191,66 BAM' },
    copy: 'KOPIJA 1 / COPY 1',
    local: [
      'Evidencijski broj / Record number',
      'Roba mora biti iznesena do / Goods must leave by',
    ],
    productNet: 10,
    productsNet: '1.200,00 BAM',
  },
};

/** Rates as the form's language writes them: 9,5 %. */
const rateText = (rate: number) => `${String(rate).replace('.', ',')} %`;

for (const country of COUNTRIES) {
  describe(`${country}: the form in ${COUNTRY_RULES[country].formLanguage} with English beside it`, () => {
    const c = CASES[country];
    const rules = COUNTRY_RULES[country];
    let shop: Shop;
    beforeAll(async () => {
      shop = await openShop(country);
    });

    it('prints every block the law asks for', async () => {
      const today = dayIn(shop.timeZone);
      // Ten invoices of the same two lines: 10 × (gross[0] + gross[1]).
      const invoices = Array.from({ length: 10 }, (_, i) =>
        invoiceOfLines(`R-${country}-${i + 1}`, today, [
          { rate: c.rates[0], gross: c.gross[0] },
          { rate: c.rates[1], gross: c.gross[1] },
        ]),
      );
      const formId = await issue(
        shop,
        issuePayload({
          today,
          invoice: invoices,
          taxform: {
            traveler_name: 'Ђорђе',
            traveler_surname: 'Jovanović',
            passport: 'X7654321',
            passport_expiry: '2031-06-30',
            // A Syrian refugee living in Canada, travelling on the refugee travel document Canada
            // issued: issuing country and nationality differ, and the proof is printed.
            issued_govt: ids.get('CA'),
            nationality: ids.get('SY'),
            residence_country: ids.get('CA'),
            residence_proof: 'Canadian permanent resident card PR-889900',
            traveler_address: '100 Queen St W, Toronto',
            items: 'Two wool coats and a leather bag',
            // No e-mail: the traveller's copy would render this version before the fee is set below.
            traveler_email: '',
          },
        }),
        `print-${country}`,
      );
      // The fee: what the refund keeps back of the VAT.
      const [row] = await t.database.db
        .select({
          vat: taxForms.vatAmount,
          barcode: taxForms.barcode,
          deadline: taxForms.exportDeadline,
          code: taxForms.verificationCode,
        })
        .from(taxForms)
        .where(eq(taxForms.id, formId));
      const refund = (Math.round(Number(row!.vat) * 100) - 12_34) / 100;
      await t.database.db
        .update(taxForms)
        .set({ customerRefund: refund.toFixed(2) })
        .where(eq(taxForms.id, formId));

      // The clerk's language does not change the form: customs read the country's.
      const { pages } = await print(shop, formId, 'de');
      const text = pages.join(' ');

      expect(text).toContain(rules.formCode);
      expect(text).toContain(`${label(country, 'barcode')} ${row!.barcode}`);
      expect(text).toContain(`${label(country, 'issuedOn')} ${dmy(today)}`);
      // The verification code on every page, and where the traveller follows the form with it.
      for (const page of pages) expect(page).toContain(row!.code);
      expect(text).toContain(`${label(country, 'verificationCode')}:`);
      expect(text).toContain(`${label(country, 'followForm')}: http://portal.test/#/status`);
      // Seller, its VAT number as the shop keeps it.
      expect(text).toContain(label(country, 'seller').toUpperCase());
      expect(text).toMatch(field(country, 'legalName', LEGAL[country].legal_name));
      expect(text).toMatch(field(country, 'branch', `Branch ${shop.accountNo}`));
      expect(text).toMatch(field(country, 'address', LEGAL[country].legal_address));
      expect(text).toMatch(field(country, 'vatNumber', LEGAL[country].printed));
      // Traveller: each country under its own label, and the proof of a residence outside the
      // country's excluded area.
      expect(text).toContain(label(country, 'traveller').toUpperCase());
      expect(text).toMatch(field(country, 'name', 'Ђорђе Jovanović'));
      expect(text).toMatch(field(country, 'passport', 'X7654321'));
      expect(text).toMatch(field(country, 'documentExpiry', '30.06.2031'));
      expect(text).toMatch(field(country, 'issuingCountry', place(country, 'CA')));
      expect(text).toMatch(field(country, 'nationality', place(country, 'SY')));
      expect(text).toMatch(field(country, 'residenceCountry', place(country, 'CA')));
      expect(text).toMatch(
        field(country, 'residenceProof', 'Canadian permanent resident card PR-889900'),
      );
      expect(text).toMatch(field(country, 'address', '100 Queen St W, Toronto'));
      // Goods, invoices with number and date, lines per rate, totals per rate and overall.
      expect(text).toMatch(field(country, 'items', 'Two wool coats and a leather bag'));
      expect(text).toContain(label(country, 'invoices').toUpperCase());
      const header = (keys: string[]) =>
        keys.map((key) => words(country, `pdf.${key}`).join(' ')).join(' ');
      expect(text).toContain(
        header(['invoiceNumber', 'invoiceDate', 'rate', 'net', 'vat', 'gross']),
      );
      for (let i = 1; i <= 10; i += 1) {
        expect(text).toContain(`R-${country}-${i} ${dmy(today)} ${rateText(c.rates[0])}`);
      }
      // Each invoice's total, labelled in both languages.
      expect(count(text, new RegExp(`${escape(label(country, 'invoiceTotal'))} \\d`, 'g'))).toBe(
        10,
      );
      for (const rate of c.rates) expect(text).toContain(rateText(rate));
      expect(text).toContain(label(country, 'totalsPerRate').toUpperCase());
      expect(text).toContain(header(['rate', 'net', 'vat', 'gross']));
      const { net, vat, gross } = c.money;
      expect(text).toContain(`${label(country, 'total')} ${net} ${vat} ${gross}`);
      // The refund: its method, the card masked, VAT, fee and what the traveller gets.
      expect(text).toContain(label(country, 'refund').toUpperCase());
      const [card, cardEnglish] = words(country, 'refundMethods.option2');
      expect(text).toMatch(field(country, 'refundMethod', `${card} / ${cardEnglish}`));
      expect(text).toMatch(field(country, 'card', '•••• •••• •••• 1111'));
      expect(text).not.toContain('4111 1111 1111 1111');
      expect(text).toContain(`${label(country, 'vat')} ${c.money.vat}`);
      expect(text).toContain(`${label(country, 'fee')} 12,34 ${rules.currency}`);
      expect(text).toContain(`${label(country, 'refundToTraveller')} ${c.money.refund}`);
      // The export deadline, the declaration in both languages, signatures and the customs box.
      expect(text).toContain(`${label(country, 'exportDeadline')}: ${dmy(row!.deadline!)}`);
      const declaration = {
        eu: 'declaration',
        serbia: 'declarationSerbia',
        bosnia: 'declarationBosnia',
      }[rules.declaration];
      expect(text).toContain(label(country, 'declarationTitle').toUpperCase());
      for (const sentence of words(country, `pdf.${declaration}`)) {
        expect(text).toContain(sentence.slice(0, 40));
      }
      for (const key of [
        'placeAndDate',
        'signatureTraveller',
        'signatureSeller',
        'exportDate',
        'customsOffice',
        'recordNumber',
        'customsSignature',
        'customsStamp',
      ]) {
        expect(text).toMatch(field(country, key, ''));
      }
      expect(text).toContain(label(country, 'customsBox').toUpperCase());
      for (const literal of c.local) expect(text).toContain(literal);
      // Nothing is cut short.
      expect(text).not.toContain('…');
      pages.forEach((page, i) => {
        expect(page).toContain(label(country, 'page', { page: i + 1, pages: pages.length }));
      });
    });

    it('prints a bank transfer with the IBAN masked; the second print is marked COPY 1 in both languages', async () => {
      const today = dayIn(shop.timeZone);
      const formId = await issue(
        shop,
        issuePayload({
          today,
          invoice: [
            invoiceOfLines(`B-${country}-1`, today, [
              { rate: c.rates[0], gross: c.gross[0] },
              { rate: c.rates[1], gross: c.gross[1] },
            ]),
          ],
          taxform: {
            issued_govt: ids.get('CN'),
            nationality: ids.get('CN'),
            method_of_refund: 'option6',
            acc_details: '',
            iban: 'DE89 3704 0044 0532 0130 00',
            swift: 'COBADEFFXXX',
            bank_name: 'Commerzbank',
            bank_address: 'Kaiserplatz, Frankfurt am Main',
            traveler_email: '',
          },
        }),
        `print-bank-${country}`,
      );
      const first = await print(shop, formId);
      const text = first.pages.join(' ');
      const [transfer, transferEnglish] = words(country, 'refundMethods.option6');
      expect(text).toMatch(field(country, 'refundMethod', `${transfer} / ${transferEnglish}`));
      expect(text).toMatch(field(country, 'iban', '•••• 3000'));
      expect(text).not.toMatch(/DE89|0532 ?0130/);
      expect(text).toMatch(field(country, 'swift', 'COBADEFFXXX'));
      expect(text).toMatch(field(country, 'bankName', 'Commerzbank'));

      // The first print is the original; the second a copy, marked on every page.
      expect(label(country, 'copy', { number: 1 })).toBe(c.copy);
      const [copyWord] = c.copy.split(' ');
      expect(text).not.toContain(copyWord);
      expect(text).not.toContain('COPY');
      const second = await print(shop, formId);
      for (const page of second.pages) expect(page).toContain(c.copy);
    });

    it("dates a form issued at 00:30 in the shop by the shop's day, not UTC's", async () => {
      // 23:30 UTC on 14 January: 00:30 on the 15th in the shop's zone.
      const createdAt = new Date('2026-01-14T23:30:00Z');
      const clock = new Intl.DateTimeFormat('en-GB', {
        timeZone: shop.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      expect(clock.format(createdAt)).toBe('00:30');
      const id = await createFormFixture(t.database.db, shop, {
        barcode: makeBarcode(shop.companyId, 78),
        createdAt,
      });
      const text = (await print(shop, id)).pages.join(' ');
      expect(text).toContain(`${label(country, 'issuedOn')} 15.01.2026`);
      expect(text).toMatch(field(country, 'dateOfSales', '15.01.2026'));
      expect(text).not.toContain('14.01.2026');
    });

    it('prints a long form of products over pages: every product with its quantity, the invoice number and date, the form number and page x of y on each page', async () => {
      const products = await openShop(country);
      await productsMode(products);
      const today = dayIn(products.timeZone);
      const many = 120;
      const formId = await issue(
        products,
        {
          ...issuePayload({ today, invoice: [] }),
          taxform: {
            ...issuePayload({ today }).taxform,
            issued_govt: ids.get('CN'),
            nationality: ids.get('CN'),
            invoice_reference_number: 'POS-2026-001',
            invoice_date: today,
          },
          products: Array.from({ length: many }, (_, i) => ({
            classification: 'CLOTHING',
            description: `Silk scarf no. ${i + 1}`,
            quantity: 1 + (i % 3),
            serial_number: '',
            net_amount: c.productNet,
            vat_rate: c.rates[0],
            // Ten products a simplified invoice: each above the country's minimum.
            simplified_invoice_number: `S-${Math.floor(i / 10) + 1}`,
            simplified_invoice_date: today,
          })),
        },
        `print-products-${country}`,
      );
      const barcode = await barcodeOf(formId);
      const { pages } = await print(products, formId);
      const text = pages.join(' ');

      expect(text).toContain(
        ['classification', 'description', 'quantity', 'serialNumber']
          .map((key) => words(country, `pdf.${key}`).join(' '))
          .join(' '),
      );
      for (let i = 0; i < many; i += 1) {
        expect(text).toContain(
          `Silk scarf no. ${i + 1} ${1 + (i % 3)} S-${Math.floor(i / 10) + 1} ·`,
        );
      }
      // The form's own invoice number and date stand for its one invoice.
      expect(text).toContain(`POS-2026-001 ${dmy(today)} ${rateText(c.rates[0])}`);
      expect(text).toContain(`${label(country, 'total')} ${c.productsNet}`);

      // At least 30 rows on a full page: the goods, and a first and a last page around them.
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.length).toBeLessThanOrEqual(Math.ceil(many / 30) + 1);
      pages.forEach((page, i) => {
        expect(page).toContain(barcode);
        expect(page).toContain(label(country, 'page', { page: i + 1, pages: pages.length }));
      });
      const continued = continuedTitle(country, 'products');
      expect(pages[1]).toContain(continued);
      expectNoPageAlone(pages, {
        title: label(country, 'products').toUpperCase(),
        continued,
        rows: (page) => count(page, /Silk scarf no\. \d+ /g),
        next: label(country, 'invoices').toUpperCase(),
        declaration: label(country, 'declarationTitle').toUpperCase(),
      });
    });
  });
}

describe('a form of any length', () => {
  it('prints 50 invoices of 20 lines on pages of at least 30 rows, each with the form number and page x of y', async () => {
    const shop = await openShop('HR');
    const today = dayIn(shop.timeZone);
    const rates = [25, 13, 5];
    const invoices = Array.from({ length: 50 }, (_, i) =>
      invoiceOfLines(
        `INV-${String(i + 1).padStart(2, '0')}`,
        today,
        Array.from({ length: 20 }, (_, k) => ({ rate: rates[k % 3]!, gross: 10_00 + k })),
      ),
    );
    const formId = await issue(shop, issuePayload({ today, invoice: invoices }), 'print-50x20');
    const barcode = await barcodeOf(formId);
    const { pages } = await print(shop, formId);

    // 1,000 lines and 50 invoice totals: at 30 rows a page at least, no more than 35 pages.
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.length).toBeLessThanOrEqual(35);
    const continued = 'RAČUNI (NASTAVAK) / INVOICES (CONTINUED)';
    pages.forEach((page, i) => {
      expect(page).toContain(barcode);
      expect(page).toContain(
        `Stranica ${i + 1} od ${pages.length} / Page ${i + 1} of ${pages.length}`,
      );
      // The headers repeat on every page the table continues onto.
      if (page.includes(continued)) expect(page).toContain('Broj računa Invoice number');
    });
    const text = pages.join(' ');
    // Every invoice is there, with its total in both languages.
    for (let i = 1; i <= 50; i += 1) {
      expect(text).toContain(`INV-${String(i).padStart(2, '0')}`);
    }
    const totals = /Ukupno po računu \/ Invoice total/g;
    expect(count(text, totals)).toBe(50);
    expectNoPageAlone(pages, {
      title: 'RAČUNI / INVOICES',
      continued,
      rows: (page) => count(page, /\d %/g) + count(page, totals),
      next: 'PDV PO STOPAMA / VAT BY RATE',
      declaration: "IZJAVA PUTNIKA / TRAVELLER'S DECLARATION",
    });
  });
});

describe('prints and reprints', () => {
  let shop: Shop;
  let formId: number;
  beforeAll(async () => {
    shop = await openShop('HR');
    formId = await issue(shop, issuePayload({ today: dayIn(shop.timeZone) }), 'print-copies');
  });

  it('renders once: the first print is the original, every later one a numbered copy, each audited', async () => {
    const first = await print(shop, formId);
    expect(first.pages.join(' ')).not.toContain('COPY');
    const second = await print(shop, formId);
    const third = await print(shop, formId);
    for (const page of second.pages) expect(page).toContain('KOPIJA 1 / COPY 1');
    for (const page of third.pages) expect(page).toContain('KOPIJA 2 / COPY 2');
    // A copy is the stored original, marked: the same text beside the mark.
    expect(second.pages[0]!.replace(/KOPIJA 1 \/ COPY 1/g, '').trim()).toBe(first.pages[0]!.trim());

    // One stored PDF, rendered once.
    const pdfs = await t.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, shop.companyId), eq(storedFiles.kind, 'pdf')));
    expect(pdfs).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'form.print')))
      .orderBy(auditLog.id);
    expect(
      audits.map((a) => [a.userId, a.entityId, (a.details as { print: number }).print]),
    ).toEqual([
      [shop.userId, String(formId), 1],
      [shop.userId, String(formId), 2],
      [shop.userId, String(formId), 3],
    ]);
  });

  it('keeps one PDF when two first prints of a form run at once', async () => {
    const id = await issue(shop, issuePayload({ today: dayIn(shop.timeZone) }), 'print-twice');
    const [a, b] = await Promise.all([print(shop, id), print(shop, id)]);
    const copies = [a.name, b.name].map((name) => Number(name.split('-')[1])).sort();
    expect(copies).toEqual([0, 1]);
    // Both links open the one stored PDF.
    expect(a.name.split('-')[0]).toBe(b.name.split('-')[0]);
    const [row] = await t.database.db
      .select({ pdfFile: taxForms.pdfFile })
      .from(taxForms)
      .where(eq(taxForms.id, id));
    expect(row!.pdfFile).toBe(`${a.name.split('-')[0]}.pdf`);
    const stored = await t.database.db
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, shop.companyId), eq(storedFiles.kind, 'pdf')));
    expect(stored.filter((f) => f.name === row!.pdfFile)).toHaveLength(1);
  });

  it("prints an updated form's next print as its original", async () => {
    const other = await issue(shop, issuePayload({ today: dayIn(shop.timeZone) }), 'print-update');
    await print(shop, other);
    expect((await print(shop, other)).pages[0]).toContain('KOPIJA 1 / COPY 1');
    const updated = await t.app.inject({
      method: 'POST',
      url: url(shop, `/update/${other}`),
      headers: { ...bearer(shop.token), 'idempotency-key': 'print-update-1' },
      payload: issuePayload({
        today: dayIn(shop.timeZone),
        taxform: { traveler_surname: 'Zhang-Li' },
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const again = await print(shop, other);
    expect(again.pages[0]).toContain('Zhang-Li');
    expect(again.pages[0]).not.toContain('COPY');
    expect((await print(shop, other)).pages[0]).toContain('KOPIJA 1 / COPY 1');
  });

  it('renders a new version after the form changes, and replaces the old one', async () => {
    const [before] = await t.database.db
      .select({
        pdfFile: taxForms.pdfFile,
        pdfVersion: taxForms.pdfVersion,
        version: taxForms.version,
      })
      .from(taxForms)
      .where(eq(taxForms.id, formId));
    expect(before!.pdfVersion).toBe(before!.version);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${formId}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${shop.token}`).toString('base64')}`,
        'idempotency-key': 'print-cancel',
      },
      payload: { cancel_reason: 'Other', cancel_comments: '' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await print(shop, formId);
    expect(after.pages[0]).toContain('PONIŠTENO / CANCELLED');
    const [row] = await t.database.db
      .select({
        pdfFile: taxForms.pdfFile,
        pdfVersion: taxForms.pdfVersion,
        version: taxForms.version,
      })
      .from(taxForms)
      .where(eq(taxForms.id, formId));
    expect(row!.pdfFile).not.toBe(before!.pdfFile);
    expect(row!.pdfVersion).toBe(row!.version);
    const pdfs = await t.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, shop.companyId), eq(storedFiles.kind, 'pdf')));
    const names = pdfs.map((f) => f.name);
    expect(names).toContain(row!.pdfFile);
    expect(names).not.toContain(before!.pdfFile);
  });

  it('opens a link for an hour only; a changed or forged link opens nothing', async () => {
    const { name } = await print(shop, formId);
    const [stem, copy] = name.split('-') as [string, string];
    const file = `${stem}.pdf`;
    // Signed an hour and a minute ago: expired, with a message saying what to do.
    const old = signPrintLink(
      t.app.printLinkKey,
      { file, copy: Number(copy) },
      Date.now() - PRINT_LINK_LIFETIME_MS - 60_000,
    );
    const expired = await t.app.inject({
      url: `/uploads/electronic/${old}`,
      headers: { 'accept-language': 'hr' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('istekla');
    // The copy number changed by hand: the signature no longer matches.
    const forged = name.replace(`${stem}-${copy}-`, `${stem}-0-`);
    expect((await t.app.inject({ url: `/uploads/electronic/${forged}` })).statusCode).toBe(404);
    // The stored file's own name is not a link.
    expect((await t.app.inject({ url: `/uploads/electronic/${file}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/uploads/electronic/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(400);
    // An unchanged file answers 304 to the viewer that has it.
    const first = await t.app.inject({ url: `/uploads/electronic/${name}` });
    const cached = await t.app.inject({
      url: `/uploads/electronic/${name}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(String(first.headers['cache-control'])).toMatch(/^private, max-age=(3[0-5]\d\d|3600)$/);
  });

  it("refuses another company's form", async () => {
    const other = await openShop('HR');
    const response = await t.app.inject({
      url: url(other, `/download/${formId}`),
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(404);
  });
});
