import { announceChange } from '../../db/change-notices.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_RULES, dayIn, makeBarcode, type SupportedCountry } from '@taxfree/domain';
import {
  auditLog,
  companies,
  countries,
  settings,
  storedFiles,
  taxForms,
} from '../../db/schema/index.ts';
import { translator } from '../../lib/i18n.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  invoiceOfLines,
  issuePayload,
  login,
  type Retailer,
} from '../../test/factories.ts';
import { pdfPages } from '../../test/pdf-text.ts';
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

type Shop = Retailer & { token: string; country: SupportedCountry };

const LEGAL: Record<SupportedCountry, { legalName: string; address: string; vatNumber: string }> = {
  HR: {
    legalName: 'Jadran Moda d.o.o.',
    address: 'Ilica 12, 10000 Zagreb',
    vatNumber: '69435151530',
  },
  SI: {
    legalName: 'Alpska Obutev d.o.o.',
    address: 'Čopova 3, 1000 Ljubljana',
    vatNumber: '15012557',
  },
  RS: {
    legalName: 'Kalemegdan Trgovina d.o.o.',
    address: 'Knez Mihailova 12, 11000 Beograd',
    vatNumber: '101134702',
  },
  BA: {
    legalName: 'Baščaršija Zanat d.o.o.',
    address: 'Ferhadija 5, 71000 Sarajevo',
    vatNumber: '200123450005',
  },
};

async function openShop(country: SupportedCountry): Promise<Shop> {
  const shop = await createRetailerFixture(t.database.db, { country });
  await t.database.db.update(companies).set(LEGAL[country]).where(eq(companies.id, shop.companyId));
  await announceChange(t.database.db, { kind: 'company', companyId: shop.companyId });
  // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
  await t.app.changesHeard();
  return { ...shop, country, token: await login(t.app, shop) };
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

/** "Local / English" as the form prints a label, from the catalogues. */
function label(country: SupportedCountry, key: string, params?: Record<string, unknown>) {
  const language = COUNTRY_RULES[country].formLanguage;
  return `${translator(language)(`pdf.${key}`, params)} / ${translator('en')(`pdf.${key}`, params)}`;
}

const CASES: Record<
  SupportedCountry,
  { rates: [number, number]; gross: [number, number]; money: RegExp; local: string[] }
> = {
  // Purchases above each minimum, at two of the country's rates (BiH has one: twice 17 %).
  HR: {
    rates: [25, 13],
    gross: [125_00, 22_60],
    money: /1\.476,00 EUR/,
    local: [
      'Evidencijski broj / Record number',
      'Roba mora biti izvezena do / Goods must leave by',
    ],
  },
  SI: {
    rates: [22, 9.5],
    gross: [122_00, 43_80],
    money: /1\.658,00 EUR/,
    local: [
      'Evidenčna številka / Record number',
      'Blago mora biti izvoženo do / Goods must leave by',
    ],
  },
  RS: {
    rates: [20, 10],
    gross: [12_000_00, 2_200_00],
    money: /142\.000,00 RSD/,
    local: [
      'Evidencioni broj / Record number',
      'Dobra moraju biti izneta do / Goods must leave by',
    ],
  },
  BA: {
    rates: [17, 17],
    gross: [117_00, 23_40],
    money: /1\.404,00 BAM/,
    local: [
      'Evidencijski broj / Record number',
      'Roba mora biti iznesena do / Goods must leave by',
    ],
  },
};

describe("each country's form, in its language with English beside it", () => {
  for (const country of ['HR', 'SI', 'RS', 'BA'] as const) {
    it(`${country}: prints every block the law asks for`, async () => {
      const shop = await openShop(country);
      const today = dayIn(shop.timeZone);
      const c = CASES[country];
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
            // A German passport, a traveller living in Canada: the proof is printed.
            issued_govt: ids.get('DE'),
            nationality: ids.get('DE'),
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
      const rules = COUNTRY_RULES[country];
      const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

      expect(text).toContain(rules.formCode);
      expect(text).toContain(row!.barcode);
      // The verification code on every page, and where the traveller follows the form with it.
      for (const page of pages) expect(page).toContain(row!.code);
      expect(text).toContain(`${label(country, 'verificationCode')}:`);
      expect(text).toContain(`${label(country, 'followForm')}: http://portal.test/#/status`);
      // Seller.
      expect(text).toContain(label(country, 'seller').toUpperCase());
      for (const key of ['legalName', 'branch', 'address', 'vatNumber']) {
        expect(text).toContain(label(country, key));
      }
      expect(text).toContain(LEGAL[country].legalName);
      expect(text).toContain(LEGAL[country].address);
      expect(text).toContain(LEGAL[country].vatNumber);
      // Traveller, with the proof of a residence outside the country's excluded area.
      expect(text).toContain(label(country, 'traveller').toUpperCase());
      // A label too long for its cell prints its two languages one under the other.
      for (const key of [
        'name',
        'passport',
        'issuingCountry',
        'residenceCountry',
        'residenceProof',
      ]) {
        expect(text).toMatch(new RegExp(label(country, key).replace(' / ', ' /? ?')));
      }
      expect(text).toContain('Ђорђе Jovanović');
      expect(text).toContain('X7654321');
      expect(text).toContain('30.06.2031');
      expect(text).toMatch(/Canada/);
      expect(text).toMatch(/Germany/);
      expect(text).toContain('Canadian permanent resident card PR-889900');
      expect(text).toContain('100 Queen St W, Toronto');
      // Goods, invoices with number and date, lines per rate, totals per rate and overall.
      expect(text).toContain('Two wool coats and a leather bag');
      expect(text).toContain(label(country, 'invoices').toUpperCase());
      for (let i = 1; i <= 10; i += 1) expect(text).toContain(`R-${country}-${i}`);
      expect(text).toContain(dmy(today));
      // Rates as the form's language writes them: 9,5 %.
      for (const rate of c.rates) expect(text).toContain(`${String(rate).replace('.', ',')} %`);
      expect(text).toContain(label(country, 'totalsPerRate').toUpperCase());
      expect(text).toContain(label(country, 'total'));
      expect(text).toMatch(c.money);
      // VAT, fee and refund; the card masked.
      expect(text).toContain(label(country, 'fee'));
      expect(text).toMatch(/12,34 (EUR|RSD|BAM)/);
      expect(text).toContain(label(country, 'refundToTraveller'));
      expect(text).toContain('•••• •••• •••• 1111');
      expect(text).not.toContain('4111 1111 1111 1111');
      // The export deadline, the declaration in both languages, signatures and the customs box.
      expect(text).toContain(`${label(country, 'exportDeadline')}: ${dmy(row!.deadline!)}`);
      const declaration = {
        eu: 'declaration',
        serbia: 'declarationSerbia',
        bosnia: 'declarationBosnia',
      }[rules.declaration];
      expect(text).toContain(translator(rules.formLanguage)(`pdf.${declaration}`).slice(0, 40));
      expect(text).toContain(translator('en')(`pdf.${declaration}`).slice(0, 40));
      for (const key of [
        'signatureTraveller',
        'signatureSeller',
        'customsBox',
        'exportDate',
        'customsOffice',
        'recordNumber',
        'customsStamp',
      ]) {
        const [local, english] = label(country, key).split(' / ');
        expect(text).toContain(key === 'customsBox' ? local!.toUpperCase() : local);
        expect(text).toContain(key === 'customsBox' ? english!.toUpperCase() : english);
      }
      for (const literal of c.local) expect(text).toContain(literal);
      expect(text).toContain(label(country, 'page', { page: 1, pages: pages.length }));
    });
  }
});

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
    const [row] = await t.database.db
      .select({ barcode: taxForms.barcode })
      .from(taxForms)
      .where(eq(taxForms.id, formId));
    const { pages } = await print(shop, formId);

    // 1,000 lines and 50 invoice totals: at 30 rows a page at least, no more than 35 pages.
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.length).toBeLessThanOrEqual(35);
    pages.forEach((page, i) => {
      expect(page).toContain(row!.barcode);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      // The headers repeat on every page the table spans.
      if (i > 0 && i < pages.length - 2) {
        expect(page).toContain('RAČUNI (NASTAVAK) / INVOICES (CONTINUED)');
        expect(page).toContain('Invoice number');
      }
    });
    // Every invoice is there, and a full page of the table holds at least 30 of its rows.
    for (let i = 1; i <= 50; i += 1) {
      expect(pages.join(' ')).toContain(`INV-${String(i).padStart(2, '0')}`);
    }
    const rowsOn = (page: string) => (page.match(/\d %/g) ?? []).length;
    expect(rowsOn(pages[1]!)).toBeGreaterThanOrEqual(30);
    // The last page closes the form: declaration and the customs box.
    expect(pages.at(-1)).toContain('Record number');
  });

  it('prints a form of products with its invoice number and date, and every product', async () => {
    const shop = await openShop('HR');
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
    const today = dayIn(shop.timeZone);
    const products = Array.from({ length: 80 }, (_, i) => ({
      classification: 'CLOTHING',
      description: `Silk scarf no. ${i + 1}`,
      quantity: 1 + (i % 3),
      serial_number: '',
      net_amount: 10,
      vat_rate: 25,
      simplified_invoice_number: `S-${i + 1}`,
      simplified_invoice_date: today,
    }));
    const formId = await issue(
      shop,
      {
        ...issuePayload({ today, invoice: [] }),
        taxform: {
          ...issuePayload({ today }).taxform,
          invoice_reference_number: 'POS-2026-001',
          invoice_date: today,
        },
        products,
      },
      'print-products',
    );
    const { pages } = await print(shop, formId);
    const text = pages.join(' ');
    expect(pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 80; i += 1) expect(text).toContain(`Silk scarf no. ${i}`);
    expect(text).toContain('KUPLJENA DOBRA (NASTAVAK) / GOODS PURCHASED (CONTINUED)');
    expect(text).toMatch(/POS-2026-001 \d{2}\.\d{2}\.\d{4} 25 %/);
    expect(text).toContain('800,00 EUR');
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
      .where(and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'form.print')));
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

  it("dates a form issued at 00:30 in the shop by the shop's day, not UTC's", async () => {
    // 23:30 UTC on 14 January is 00:30 on the 15th in Zagreb.
    const id = await createFormFixture(t.database.db, shop, {
      barcode: makeBarcode(shop.companyId, 78),
      createdAt: new Date('2026-01-14T23:30:00Z'),
    });
    const text = (await print(shop, id)).pages.join(' ');
    expect(text).toContain('Datum izdavanja / Date of issue 15.01.2026');
    expect(text).toContain('Datum prodaje / Date of sale 15.01.2026');
    expect(text).not.toContain('14.01.2026');
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
