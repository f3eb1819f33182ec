import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellations } from '../../src/db/schema/index.ts';
import { setSettings } from '../../src/cli/settings-command.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';
import { uploadImage } from '../support/images.ts';
import { pdfText } from '../support/pdf-text.ts';

/**
 * Hostile text in every free-text field is data: stored as typed, answered as typed, searchable,
 * and printed as letters on the form.
 */
const PAYLOADS = {
  'SQL, dropping a table': "'; DROP TABLE tax_forms; --",
  'SQL, always true': "' OR '1'='1",
  'HTML with an event handler': '<img src=x onerror=alert(1)>',
  'a script element': '<script>alert(1)</script>',
  // Letters the printed form's font (DejaVu Sans) has: Latin, Greek, Cyrillic, typography.
  'unicode-heavy': 'Đurđa Šćepanović-Ñúñez Ωμέγα Жанна “ß” ‘ø’ — … € ½',
  'LIKE wildcards and backslashes': '100% _off_ \\ \\\\ %%',
} as const;
/** More than the font can draw (emoji, right-to-left marks, combining accents): not printed. */
const UNPRINTABLE = 'Zoë 😀 مرحبا \u202Egnp.exe\u202C e\u0301 𝔘𝔫𝔦';

let t: TestApp;
let shop: Retailer;
let token: string;
/** A shop whose forms list products (classification, description, serial number…). */
let productShop: Retailer;
let productToken: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  productShop = await createRetailerFixture(t.database.db);
  await setSettings(t.database.db, {
    accountNo: productShop.accountNo,
    assignments: ['taxFree.products_in_tfs_form=1'],
  });
  productToken = await login(t.app, productShop);
});
afterAll(() => t.close());

const base = () => `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** Every free-text field of the issue form, each carrying the payload. */
function hostileForm(text: string) {
  return issuePayload({
    taxform: {
      traveler_name: text,
      traveler_surname: text,
      traveler_address: text,
      items: text,
      method_of_shipment: 'Sent by freight forwarding company',
      freight_forward_name: text,
      freight_forward_address: text,
      method_of_refund: 'option6',
      acc_details: '',
      iban: 'DE89 3704 0044 0532 0130 00',
      swift: 'COBADEFFXXX',
      bank_name: text,
      bank_address: text,
      invoice_reference_number: text,
    },
    invoice: (issuePayload().invoice as Record<string, unknown>[]).map((invoice) => ({
      ...invoice,
      invoice_reference_number: text,
    })),
  });
}

async function checkTaxForm(text: string, printable: boolean) {
  const issued = await call('POST', `${base()}/taxforms/issue`, hostileForm(text));
  expect(issued.statusCode, issued.body).toBe(200);
  const { id } = issued.json().data as { id: number };

  const detail = await call('GET', `${base()}/taxforms/${id}`);
  expect(detail.statusCode).toBe(200);
  const { taxforms, invoice } = detail.json().data;
  for (const field of [
    'traveler_name',
    'traveler_surname',
    'traveler_address',
    'items',
    'freight_forward_name',
    'freight_forward_address',
    'bank_name',
    'bank_address',
    'invoice_reference_number',
  ]) {
    expect(taxforms[field], field).toBe(text);
  }
  expect(invoice[0].invoice_reference_number).toBe(text);

  const search = await call('GET', `${base()}/taxforms?search=${encodeURIComponent(text)}`);
  expect(search.statusCode).toBe(200);
  expect(search.json().status).toBe('success');
  const found = search.json().data as { id: number; traveler_name: string }[];
  expect(found.map((row) => row.id)).toContain(id);
  expect(found.find((row) => row.id === id)!.traveler_name).toBe(text);

  const download = await call('GET', `${base()}/taxforms/download/${id}`);
  expect(download.statusCode).toBe(200);
  const pdf = await t.app.inject({ url: `/uploads/electronic/${download.json().data}` });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  if (printable) {
    // Text extraction joins runs and wrapped lines with spaces: compare without white space.
    const printed = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    const occurrences = printed.split(text.replace(/\s+/g, '')).length - 1;
    // Name, surname, address, items, freight forwarder and bank at the least.
    expect(occurrences).toBeGreaterThanOrEqual(5);
  }

  const cancel = await t.app.inject({
    method: 'POST',
    url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${id}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`,
    },
    payload: { cancel_reason: 'Other', cancel_comments: text },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [row] = await t.database.db
    .select({ comments: cancellations.cancelComments })
    .from(cancellations)
    .where(eq(cancellations.taxFormId, id));
  expect(row!.comments).toBe(text);
}

async function checkProducts(text: string, printable: boolean) {
  const url = `/api/v2/companies/${productShop.companyId}/retailers/${productShop.branchId}/taxforms`;
  const headers = bearer(productToken);
  const product = {
    classification: '6201',
    description: text,
    quantity: 1,
    serial_number: text,
    net_amount: 100,
    vat_rate: 25,
    simplified_invoice_number: text,
    simplified_invoice_date: '',
  };
  const issued = await t.app.inject({
    method: 'POST',
    url: `${url}/issue`,
    headers,
    payload: { ...issuePayload({ taxform: { traveler_name: 'Ana' } }), products: [product] },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const { id } = issued.json().data as { id: number };
  const detail = await t.app.inject({ url: `${url}/${id}`, headers });
  expect(detail.json().data.products[0]).toMatchObject({
    description: text,
    serial_number: text,
    simplified_invoice_number: text,
  });
  if (!printable) return;
  const download = await t.app.inject({ url: `${url}/download/${id}`, headers });
  const pdf = await t.app.inject({ url: `/uploads/electronic/${download.json().data}` });
  // A cell too narrow for the text wraps it over lines: compare without white space.
  const printed = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
  // The description and the serial number.
  expect(printed.split(text.replace(/\s+/g, '')).length - 1).toBeGreaterThanOrEqual(2);
}

async function checkPromotion(text: string) {
  const created = await call('POST', `${base()}/promotions`, {
    promotion: {
      title: text,
      description: text,
      image: await uploadImage(t.app, token),
      start_date: '2026-01-10',
      end_date: '2026-01-31',
      notification_schedule: '2026-01-09 09:30:00',
      shopping_behavior: '',
      targeted_nationality: '',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.promotion_id as number;
  const read = await call('GET', `${base()}/promotions/${id}`);
  expect(read.json().data).toMatchObject({ title: text, description: text });
  const search = await call('GET', `${base()}/promotions?search=${encodeURIComponent(text)}`);
  expect(search.statusCode).toBe(200);
  expect(search.json().data.map((p: { promotion_id: number }) => p.promotion_id)).toContain(id);
}

async function checkGallery(text: string) {
  const created = await call('POST', `${base()}/gallery`, {
    gallery: { title: text, description: text, image: await uploadImage(t.app, token) },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.gallery_id as number;
  const read = await call('GET', `${base()}/gallery/${id}`);
  expect(read.json().data).toMatchObject({ title: text, description: text });
  const search = await call('GET', `${base()}/gallery?search=${encodeURIComponent(text)}`);
  expect(search.statusCode).toBe(200);
  expect(search.json().data.map((g: { gallery_id: number }) => g.gallery_id)).toContain(id);
}

async function checkShopAndProfile(text: string) {
  const saved = await call('PUT', base(), {
    branch_name: text,
    website: '',
    description: text,
    logo: 'logo_dummy.jpg',
    product_category: '',
    location: '',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const readShop = await call('GET', base());
  expect(readShop.json().data).toMatchObject({ branch_name: text, description: text });

  const userUrl = `/api/v2/companies/${shop.companyId}/users/${shop.userId}`;
  const profile = await call('PUT', userUrl, {
    name: text,
    email: shop.email,
    mobile: '+385 91 234 5678',
    image: '',
    country: 'HR',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  expect((await call('GET', userUrl)).json().data.name).toBe(text);
}

describe('hostile text', () => {
  it.each(Object.entries(PAYLOADS))(
    'is kept, answered, searched and printed as typed: %s',
    async (_kind, text) => {
      await checkTaxForm(text, true);
      await checkProducts(text, true);
      await checkPromotion(text);
      await checkGallery(text);
      await checkShopAndProfile(text);
    },
  );

  it('keeps emoji, right-to-left and combining characters as typed', async () => {
    await checkTaxForm(UNPRINTABLE, false);
    await checkProducts(UNPRINTABLE, false);
    await checkPromotion(UNPRINTABLE);
    await checkGallery(UNPRINTABLE);
    await checkShopAndProfile(UNPRINTABLE);
  });

  it('matches hostile search terms literally, never as SQL or as wildcards', async () => {
    const own = await createRetailerFixture(t.database.db);
    const ownToken = await login(t.app, own);
    const url = `/api/v2/companies/${own.companyId}/retailers/${own.branchId}/taxforms`;
    for (const [name, passport] of [
      ["' OR '1'='1", 'E10000001'],
      ['Plain', 'E10000002'],
      ['100% off', 'E10000003'],
    ]) {
      const issued = await t.app.inject({
        method: 'POST',
        url: `${url}/issue`,
        headers: bearer(ownToken),
        payload: issuePayload({ taxform: { traveler_name: name, passport } }),
      });
      expect(issued.statusCode).toBe(200);
    }
    const total = async (search: string) => {
      const response = await t.app.inject({
        url: `${url}?search=${encodeURIComponent(search)}`,
        headers: bearer(ownToken),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      return response.json().metadata.total as number;
    };
    expect(await total('')).toBe(3);
    // The always-true condition finds the one form that carries it, not every form.
    expect(await total("' OR '1'='1")).toBe(1);
    expect(await total('%')).toBe(1);
    expect(await total('_')).toBe(0);
    expect(await total("'; DROP TABLE tax_forms; --")).toBe(0);
    expect(await total('')).toBe(3);
  });
});
