import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBarcode } from '@taxfree/domain';
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
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  const db = t.database.db;
  await createFormFixture(db, shop, {
    barcode: makeBarcode(shop.companyId, 1),
    name: 'Đorđe',
    surname: 'Nikolić',
    createdAt: daysAgo(40),
    stages: ['FORM_SUBMITTED', 'FORM_VALIDATED', 'FORM_COLLECTED', 'FORM_REFUNDED'],
  });
  await createFormFixture(db, shop, {
    barcode: makeBarcode(shop.companyId, 2),
    name: 'Emina',
    surname: 'Hodžić',
    email: 'emina@mail.example',
    createdAt: daysAgo(20),
  });
  await createFormFixture(db, shop, {
    barcode: makeBarcode(shop.companyId, 3),
    name: 'Yuki',
    surname: 'Tanaka',
    passport: 'TK9988776',
    createdAt: daysAgo(3),
    invoiceReference: 'R-2026-100%',
  });
  await createFormFixture(db, shop, {
    barcode: makeBarcode(shop.companyId, 4),
    name: 'Lars',
    surname: 'Ødegård',
    createdAt: daysAgo(0),
    cancelled: true,
  });
  await createFormFixture(db, shop, {
    barcode: makeBarcode(shop.companyId, 5),
    name: 'Sarah',
    surname: 'Goldberg',
    createdAt: new Date(),
    grossCents: 123_456,
    vatCents: 24_691,
  });
  await createFormFixture(db, other, {
    barcode: makeBarcode(other.companyId, 6),
    name: 'Emina',
    surname: 'Hodžić',
    createdAt: new Date(),
  });
});
afterAll(() => t.close());

const list = (query: string, as = shop, auth = token) =>
  t.app.inject({
    url: `/api/v2/companies/${as.companyId}/retailers/${as.branchId}/taxforms${query}`,
    headers: bearer(auth),
  });

describe('GET …/taxforms', () => {
  it('lists the branch forms newest first, five to a page, with the total', async () => {
    const first = (await list('?perPage=5&page=1')).json();
    expect(first.status).toBe('success');
    expect(first.metadata).toEqual({ total: 5 });
    expect(first.data.map((f: { traveler_surname: string }) => f.traveler_surname)).toEqual([
      'Goldberg',
      'Ødegård',
      'Tanaka',
      'Hodžić',
      'Nikolić',
    ]);
    const second = (await list('?perPage=2&page=2')).json();
    expect(second.data.map((f: { traveler_surname: string }) => f.traveler_surname)).toEqual([
      'Tanaka',
      'Hodžić',
    ]);
    expect(second.metadata.total).toBe(5);
    const beyond = (await list('?perPage=5&page=9')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.metadata.total).toBe(5);
  });

  it('answers every column of the list with amounts to the cent', async () => {
    const [row] = (await list('?search=goldberg')).json().data;
    expect(row).toMatchObject({
      barcode: makeBarcode(shop.companyId, 5),
      traveler_name: 'Sarah',
      gross_amount: 1234.56,
      vat_amount: 246.91,
      net_amount: 987.65,
      refund_amount: 246.91,
      issued_govt: 42,
      issued_govt_name: 'Bosnia and Herzegovina',
      cancelled: '0',
      ilr: 1,
      status: 'FORM_SUBMITTED',
    });
    const [cancelled] = (await list('?search=Ødegård')).json().data;
    expect(cancelled).toMatchObject({ cancelled: '1', ilr: 0 });
  });

  it('answers a form the same from the page, a scan, a search and a stage filter', async () => {
    const barcode = makeBarcode(shop.companyId, 5);
    const [paged] = (await list('?perPage=1&page=1')).json().data;
    const [scanned] = (await list(`?search=${barcode}`)).json().data;
    const [searched] = (await list('?search=sarah%20goldb')).json().data;
    // A stage filter is read another way: every value must still come out alike.
    const [filtered] = (await list('?stage=issued&search=goldberg')).json().data;
    expect(paged).toMatchObject({
      barcode,
      date_of_sales: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(typeof paged.id).toBe('number');
    expect(scanned).toEqual(paged);
    expect(searched).toEqual(paged);
    expect(filtered).toEqual(paged);
  });

  it('finds forms by fragments of barcode, name, e-mail, passport and invoice number, in any case', async () => {
    const surnames = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`))
        .json()
        .data.map((f: { traveler_surname: string }) => f.traveler_surname);
    expect(await surnames(makeBarcode(shop.companyId, 3).slice(5, 14))).toEqual(['Tanaka']);
    expect(await surnames('hodž')).toEqual(['Hodžić']);
    expect(await surnames('EMINA@MAIL')).toEqual(['Hodžić']);
    expect(await surnames('988776')).toEqual(['Tanaka']);
    expect(await surnames('2026-100%')).toEqual(['Tanaka']);
    expect(await surnames('2026-1_0')).toEqual([]);
    expect(await surnames('emina hod')).toEqual(['Hodžić']);
    expect(await surnames('nobody')).toEqual([]);
    // A scanned barcode, whole, finds its form (and another company's never).
    expect(await surnames(makeBarcode(shop.companyId, 3))).toEqual(['Tanaka']);
    expect(await surnames(makeBarcode(other.companyId, 6))).toEqual([]);
    // Its one match is counted on every page, and shown on page 1 only.
    const scanned = makeBarcode(shop.companyId, 3);
    const first = (await list(`?perPage=5&page=1&search=${scanned}`)).json();
    expect(first.metadata).toEqual({ total: 1 });
    const second = (await list(`?perPage=5&page=2&search=${scanned}`)).json();
    expect(second).toMatchObject({ data: [], metadata: { total: 1 } });
    const elsewhere = (await list(`?search=${makeBarcode(other.companyId, 6)}`)).json();
    expect(elsewhere.metadata).toEqual({ total: 0 });
  });

  it('counts every match of a search, on any page', async () => {
    const prefix = makeBarcode(shop.companyId, 1).slice(0, 5);
    const first = (await list(`?perPage=2&page=1&search=${prefix}`)).json();
    const beyond = (await list(`?perPage=2&page=9&search=${prefix}`)).json();
    expect(first.data).toHaveLength(2);
    expect(first.metadata.total).toBe(5);
    expect(beyond.data).toEqual([]);
    expect(beyond.metadata.total).toBe(first.metadata.total);
  });

  it('shows nothing of another company, and refuses another company or branch in the URL', async () => {
    const surnames = (await list('?search=Hodžić')).json().data;
    expect(surnames).toHaveLength(1);
    expect((await list('', other)).statusCode).toBe(403);
    const wrongBranch = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/retailers/${other.branchId}/taxforms`,
      headers: bearer(token),
    });
    expect(wrongBranch.statusCode).toBe(403);
  });

  it('refuses a page or size the description does not allow, and takes an empty page as the first', async () => {
    for (const query of ['?page=abc', '?perPage=-3', '?perPage=1000', '?page=0']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const refused = await list('?perPage=1000');
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: 'perPage', message: expect.any(String) }),
    ]);
    // As the original client asks for the first page.
    const first = await list('?perPage=5&page=&search=');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(5);
  });
});

describe('GET …/taxforms/count', () => {
  it('counts the forms issued today, in the last week and in the last month, cancelled ones aside', async () => {
    const response = await list('/count');
    expect(response.json().data).toEqual({ today: 1, lastweek: 2, lastmonth: 3 });
  });
});

describe('GET …/taxforms/stat/{formId}', () => {
  it('answers the stages in order with their times', async () => {
    const [row] = (await list('?search=Nikolić')).json().data;
    const response = await list(`/stat/${row.id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.status).toBe('FORM_REFUNDED');
    expect(data.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'FORM_SUBMITTED',
      'FORM_VALIDATED',
      'FORM_COLLECTED',
      'FORM_REFUNDED',
    ]);
    expect(Date.parse(data.stages[0].created_at)).toBeLessThan(
      Date.parse(data.stages[3].created_at),
    );
  });

  it("does not show another company's form", async () => {
    const otherToken = await login(t.app, other);
    const [foreign] = (await list('', other, otherToken)).json().data;
    expect((await list(`/stat/${foreign.id}`)).statusCode).toBe(404);
    expect((await list(`/stat/999999`)).statusCode).toBe(404);
  });
});
