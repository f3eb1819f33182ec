import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, findCountryRules, makeBarcode } from '@taxfree/domain';
import { companies, storedFiles, taxForms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-text.ts';

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

describe('GET …/taxforms/download/{id}', () => {
  it('renders a PDF in the language asked for, served under an unguessable name', async () => {
    const response = await t.app.inject({
      url: url(`/download/${formId}`),
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const name: string = response.json().data;
    expect(name).toMatch(/^[0-9a-f]{32}\.pdf$/);

    const file = await t.app.inject({ url: `/uploads/electronic/${name}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    // A Croatian retailer prints Croatia's form, whatever the clerk's language.
    expect(text).toContain('PDV-P');
    expect(text).toContain('outside the EU');
    expect(text).toContain(makeBarcode(shop.companyId, 77));
    expect(text).toContain('Đorđe');
    // What a user typed is printed as text, never interpreted.
    expect(text).toContain('Nikolić <script>alert(1)</script>');
    expect(text).toContain('1,250.00 EUR');
    expect(text).toContain('•••• •••• •••• 4242');
    expect(text).not.toMatch(/\d{12,}4242/);
    expect(text).toContain('Handling fee');
    expect(text).toContain('50.00 EUR');

    const again = await t.app.inject({ url: url(`/download/${formId}`), headers: bearer(token) });
    const second: string = again.json().data;
    expect(second).not.toBe(name);
    // The earlier print is replaced, not kept.
    expect((await t.app.inject({ url: `/uploads/electronic/${name}` })).statusCode).toBe(404);
    const pdfs = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.companyId, shop.companyId));
    expect(pdfs.filter((f) => f.kind === 'pdf')).toHaveLength(1);
  });

  it("prints the form and the declaration of the retailer's country, in the clerk's language", async () => {
    const printed = async (country: string, language: string) => {
      const served = findCountryRules(country) !== null;
      const retailer = await createRetailerFixture(t.database.db, {
        country: served ? country : 'HR',
      });
      // A company of a country the portal no longer takes, from before it took only its own.
      if (!served) {
        await t.database.db
          .update(companies)
          .set({ country })
          .where(eq(companies.id, retailer.companyId));
      }
      const id = await createFormFixture(t.database.db, retailer, {
        barcode: makeBarcode(retailer.companyId, 5),
      });
      const response = await t.app.inject({
        url: url(`/download/${id}`, retailer),
        headers: { ...bearer(await login(t.app, retailer)), 'accept-language': language },
      });
      const file = await t.app.inject({ url: `/uploads/electronic/${response.json().data}` });
      return (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    };
    const serbian = await printed('RS', 'sr');
    expect(serbian).toContain('ZPPPDV');
    expect(serbian).toContain('nemam ni prebivalište ni boravište u Srbiji');
    const bosnian = await printed('BA', 'bs');
    expect(bosnian).toContain('PDV-SL-2');
    expect(bosnian).toContain('bez prebivališta u Bosni i Hercegovini');
    const slovenian = await printed('SI', 'en');
    expect(slovenian).toContain('DDV-VP');
    expect(slovenian).toContain('outside the EU');
    const austrian = await printed('AT', 'de');
    expect(austrian).toContain('Tax-Free-Formular');
    expect(austrian).toContain('außerhalb der Europäischen Union');
  });

  it("dates a form issued just after midnight in the shop by the shop's day, not UTC's", async () => {
    // 23:30 UTC on 14 January is 00:30 on the 15th in Zagreb.
    const id = await createFormFixture(t.database.db, shop, {
      barcode: makeBarcode(shop.companyId, 78),
      createdAt: new Date('2026-01-14T23:30:00Z'),
    });
    const name: string = (
      await t.app.inject({
        url: url(`/download/${id}`),
        headers: { ...bearer(token), 'accept-language': 'en' },
      })
    ).json().data;
    const text = (
      await pdfText((await t.app.inject({ url: `/uploads/electronic/${name}` })).rawPayload)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Issued on 15.01.2026');
    expect(text).toContain('Date of sale: 15.01.2026');
  });

  it('answers 304 for an unchanged file and 404 for an unknown name', async () => {
    const name: string = (
      await t.app.inject({ url: url(`/download/${formId}`), headers: bearer(token) })
    ).json().data;
    const first = await t.app.inject({ url: `/uploads/electronic/${name}` });
    const cached = await t.app.inject({
      url: `/uploads/electronic/${name}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(
      (await t.app.inject({ url: `/uploads/electronic/${'0'.repeat(32)}.pdf` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/uploads/electronic/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(400);
  });

  it('prints an issued form whole: retailer VAT number, Cyrillic names, each rate, totals, signatures', async () => {
    const serbian = await createRetailerFixture(t.database.db, { country: 'RS' });
    await t.database.db
      .update(companies)
      .set({ vatNumber: 'PIB 101234567', address: 'Knez Mihailova 12, Beograd' })
      .where(eq(companies.id, serbian.companyId));
    const serbianToken = await login(t.app, serbian);
    const issued = await t.app.inject({
      method: 'POST',
      url: url('/issue', serbian),
      headers: { ...bearer(serbianToken), 'idempotency-key': 'pdf-whole-1' },
      payload: issuePayload({
        taxform: { traveler_name: 'Ђорђе', traveler_surname: 'Јовановић-Šćepanović' },
        // Serbia's rates, 20 % and 10 %, over its minimum of 6,000.00 RSD.
        invoice: [
          {
            invoice_date: dayIn(serbian.timeZone),
            invoice_reference_number: 'R-2026-77',
            customer_refund: 2200,
            gross_sales_price: 14200,
            refund_amount: 2200,
            vat_amount: 2200,
            vat_product_rate: 20,
            breakdown: [
              {
                vat_product_rate: 20,
                net_sales_amount: 10000,
                vat_amount: 2000,
                gross_sales_price: 12000,
                customer_refund: 2000,
              },
              {
                vat_product_rate: 10,
                net_sales_amount: 2000,
                vat_amount: 200,
                gross_sales_price: 2200,
                customer_refund: 200,
              },
            ],
          },
        ],
      }),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const id = issued.json<{ data: { id: number } }>().data.id;
    const name = (
      await t.app.inject({
        url: url(`/download/${id}`, serbian),
        headers: { ...bearer(serbianToken), 'accept-language': 'en' },
      })
    ).json<{ data: string }>().data;
    const text = (
      await pdfText((await t.app.inject({ url: `/uploads/electronic/${name}` })).rawPayload)
    ).replace(/\s+/g, ' ');

    expect(text).toContain('ZPPPDV');
    expect(text).toContain('VAT number: PIB 101234567');
    expect(text).toContain('Knez Mihailova 12, Beograd');
    expect(text).toContain('Ђорђе Јовановић-Šćepanović');
    expect(text).toContain('R-2026-77');
    // One line per rate of the invoice, then the totals: 12,000.00 net, 2,200.00 VAT, 14,200.00 gross.
    expect(text).toMatch(/20 % 10,?000\.00 \S+ 2,?000\.00 \S+ 12,?000\.00/);
    expect(text).toMatch(/10 % 2,?000\.00 \S+ 200\.00 \S+ 2,?200\.00/);
    expect(text).toMatch(/12,?000\.00 \S+ 2,?200\.00 \S+ 14,?200\.00/);
    expect(text).toContain('•••• •••• •••• 1111');
    expect(text).not.toContain('4111 1111 1111 1111');
    for (const signature of [
      'Seller (signature and stamp)',
      'Traveller (signature)',
      'Customs (exit confirmation, stamp and date)',
    ]) {
      expect(text).toContain(signature);
    }
  });
});
