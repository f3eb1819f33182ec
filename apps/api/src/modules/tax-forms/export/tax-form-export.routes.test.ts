import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  FORM_LIST_FILTERS,
  makeBarcode,
  type TaxFormListItem,
} from '@taxfree/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';
import { exportFormBatches } from './tax-form-export.repository.ts';

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;
let today: string;
let currency: string;
/** The shop's user, who issued every form of the file. */
let issuedBy: string;

const STAGE_LABELS: Record<string, string> = {
  FORM_SUBMITTED: 'Issued',
  FORM_VALIDATED: 'Validated by customs',
  FORM_COLLECTED: 'Received',
  FORM_REFUNDED: 'Refunded',
};

const base = () => `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`;
const daysAgo = (days: number, seconds = 0) =>
  new Date(Date.now() - days * 86_400_000 - seconds * 1000);

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
  currency = (await getCompany(t.database.db, shop.companyId)).currency;
  const [issuer] = await t.database.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, shop.userId));
  issuedBy = issuer!.name;
  const db = t.database.db;
  // Two forms issued through the portal: with their invoices, as a clerk makes them.
  for (const passport of ['EXPORT01', 'EXPORT02']) {
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base()}/issue`,
      headers: bearer(token),
      payload: issuePayload({ today, taxform: { passport } }),
    });
    expect(issued.statusCode).toBe(200);
  }
  const sameInstant = daysAgo(3);
  const fixtures = [
    { serial: 1, name: 'Ana', surname: 'Kovač', stages: ['FORM_SUBMITTED'], deadlineIn: 30 },
    {
      serial: 2,
      name: '=HYPERLINK("http://evil.example","Click")',
      surname: 'O"Brien, Jr.',
      stages: ['FORM_SUBMITTED'],
      deadlineIn: -2,
    },
    { serial: 3, name: '@SUM(A1)', surname: '+Plus', stages: ['FORM_SUBMITTED', 'FORM_VALIDATED'] },
    {
      serial: 4,
      name: 'Lars',
      surname: 'Ødegård',
      stages: ['FORM_SUBMITTED', 'FORM_VALIDATED', 'FORM_COLLECTED', 'FORM_REFUNDED'],
    },
    { serial: 5, name: 'Mehmet', surname: '-Minus', stages: ['FORM_SUBMITTED'], cancelled: true },
    { serial: 6, name: 'Jürg', surname: 'Müller', stages: ['FORM_SUBMITTED'], deadlineIn: 5 },
  ];
  for (const [i, f] of fixtures.entries()) {
    await createFormFixture(db, shop, {
      barcode: makeBarcode(shop.companyId, 9_000 + f.serial),
      name: f.name,
      surname: f.surname,
      stages: f.stages,
      cancelled: f.cancelled,
      invoiceReference: `INV-${f.serial}`,
      // Two pairs of forms made at the same instant: the order falls back on the id.
      createdAt: i < 4 ? sameInstant : daysAgo(10 + i, i),
      exportDeadline: f.deadlineIn === undefined ? undefined : addDays(today, f.deadlineIn),
      grossCents: 123_456 + i,
      vatCents: 24_691 + i,
    });
  }
  await createFormFixture(db, other, { barcode: makeBarcode(other.companyId, 1) });
});
afterAll(() => t.close());

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
};

async function listRows(params: { search?: string; stage?: string } = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${base()}?perPage=100&${query(params)}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: TaxFormListItem[] }>().data;
}

async function download(
  format: 'csv' | 'xlsx',
  params: { search?: string; stage?: string } = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `${base()}/export?${query({ format, ...params })}`,
    headers: { ...bearer(token), 'accept-language': 'en', ...headers },
  });
}

/** What the accountant's row of a list item holds, as the file's cells in English. */
function expectedCells(item: TaxFormListItem) {
  return {
    barcode: item.barcode,
    dateOfSales: item.date_of_sales,
    // Every form here was issued on its day of sale.
    issuedOn: item.date_of_sales,
    stage: STAGE_LABELS[item.status],
    cancelled: item.cancelled === '1' ? 'Yes' : 'No',
    expired: item.expired ? 'Yes' : 'No',
    name: item.traveler_name,
    surname: item.traveler_surname,
    country: item.issued_govt_name,
    invoices: item.invoice_reference_number,
    deadline: item.export_deadline,
    amounts: [
      item.gross_amount,
      item.net_amount,
      item.vat_amount,
      item.refund_amount,
      item.customer_refund,
    ],
    currency,
    issuedBy,
  };
}

const unformula = (text: string | null) => (text && /^[=+\-@]/.test(text) ? `'${text}` : text);

/** A day yyyy-mm-dd as an English CSV writes it (en-GB: dd/mm/yyyy); empty for none. */
const englishDay = (day: string | null) =>
  day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';

async function csvRows(params: { search?: string; stage?: string } = {}) {
  const response = await download('csv', params);
  expect(response.statusCode).toBe(200);
  return parse(response.body, { bom: true }) as string[][];
}

describe('GET …/taxforms/export?format=csv', () => {
  it('answers a UTF-8 CSV file with a BOM, named by the day, its header in the user language', async () => {
    const response = await download('csv', {}, { 'accept-language': 'hr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tax-forms-${today}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = parse(response.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header!.slice(0, 4)).toEqual([
      'Broj obrasca',
      'Datum prodaje',
      'Datum izdavanja',
      'Faza',
    ]);
    expect(header!.slice(-2)).toEqual(['Valuta', 'Izdao']);
  });

  it('holds every row of the list, newest first, with its amounts as plain numbers', async () => {
    const list = await listRows();
    const [header, ...rows] = await csvRows();
    expect(header).toHaveLength(18);
    expect(rows).toHaveLength(list.length);
    expect(list.length).toBe(8);
    rows.forEach((row, i) => {
      const want = expectedCells(list[i]!);
      expect(row).toEqual([
        want.barcode,
        englishDay(want.dateOfSales),
        englishDay(want.issuedOn),
        want.stage,
        want.cancelled,
        want.expired,
        unformula(want.name),
        unformula(want.surname),
        want.country ?? '',
        want.invoices ?? '',
        englishDay(want.deadline),
        ...want.amounts.map((amount) => amount.toFixed(2)),
        want.currency,
        want.issuedBy,
      ]);
    });
    // 1234.56 with a dot and no thousands separator.
    expect(rows.some((row) => row[11] === '1234.56')).toBe(true);
  });

  it('neutralises texts a spreadsheet would run as formulas, and quotes as RFC 4180 asks', async () => {
    const response = await download('csv', { search: 'Brien' });
    expect(response.body).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click"")","O""Brien, Jr."`,
    );
    const [, row] = parse(response.body, { bom: true }) as string[][];
    expect(row![6]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    const rows = (await csvRows()).slice(1);
    expect(rows.map((r) => r[7])).toContain("'+Plus");
    expect(rows.map((r) => r[6])).toContain("'@SUM(A1)");
    expect(rows.map((r) => r[7])).toContain("'-Minus");
  });

  it("answers, for every search and stage, exactly the list's forms in the list's order", async () => {
    const cases: { search?: string; stage?: string }[] = [
      ...FORM_LIST_FILTERS.map((stage) => ({ stage })),
      { search: 'kovač' },
      { search: 'EXPORT01' },
      { search: makeBarcode(shop.companyId, 9_004) },
      { search: makeBarcode(shop.companyId, 9_004), stage: 'refunded' },
      { search: makeBarcode(shop.companyId, 9_004), stage: 'issued' },
      { search: 'Zhang', stage: 'issued' },
    ];
    for (const params of cases) {
      const listed = (await listRows(params)).map((item) => item.barcode);
      const exported = (await csvRows(params)).slice(1).map((row) => row[0]);
      expect({ params, barcodes: exported }).toEqual({ params, barcodes: listed });
    }
    expect((await csvRows({ stage: 'refunded' })).length).toBe(2);
  });

  it("refuses another company's branch as the list does", async () => {
    const url = `/api/v2/companies/${other.companyId}/retailers/${other.branchId}/taxforms`;
    const list = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const file = await t.app.inject({
      method: 'GET',
      url: `${url}/export?format=csv`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(403);
    expect(file.statusCode).toBe(list.statusCode);
    expect(file.json()).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
    const anonymous = await t.app.inject({ method: 'GET', url: `${base()}/export?format=csv` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown format', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base()}/export?format=pdf`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
  });

  it('compresses the CSV for a client that asks', async () => {
    const response = await download('csv', {}, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('GET …/taxforms/export?format=csv in the language of the request', () => {
  let clerkShop: Retailer;
  let clerkToken: string;
  const hostileName = 'Ivo;=2*3;';
  const hostileSurname = 'Horvat\r\n=7+7';

  beforeAll(async () => {
    clerkShop = await createRetailerFixture(t.database.db);
    clerkToken = await login(t.app, clerkShop);
    // Written straight to the tables: forms stored before the API refused such names.
    await createFormFixture(t.database.db, clerkShop, {
      barcode: makeBarcode(clerkShop.companyId, 1),
      name: hostileName,
      surname: hostileSurname,
      createdAt: new Date('2026-10-27T10:00:00Z'),
      grossCents: 123_450,
      vatCents: 24_690,
    });
  });

  async function exported(language: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/companies/${clerkShop.companyId}/retailers/${clerkShop.branchId}/taxforms/export?format=csv`,
      headers: { ...bearer(clerkToken), 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return response.body;
  }

  /**
   * The cells a careless spreadsheet makes of the file: every line break ends a row and every
   * comma, semicolon or tab ends a cell, quotes or not.
   */
  const naiveCells = (body: string) =>
    body.split(/\r\n|\r|\n/).flatMap((line) => line.split(/[,;\t]/));

  it('writes Croatian with semicolons, decimal commas and Croatian days', async () => {
    const body = await exported('hr');
    expect(body.split('\r\n')[0]).toMatch(/^\uFEFFBroj obrasca;Datum prodaje;/);
    const [header, ...rows] = parse(body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toHaveLength(18);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toHaveLength(18);
    // The day as the Croatian screens write it.
    expect(row[1]).toBe('27.10.2026');
    expect(row[2]).toBe(row[1]);
    expect(row[6]).toBe("Ivo;'=2*3;");
    expect(row[7]).toBe("Horvat\r\n'=7+7");
    expect(row.slice(11, 16)).toEqual(['1234,50', '987,60', '246,90', '246,90', '246,90']);
    expect(naiveCells(body).filter((cell) => /^"?[=+\-@]/.test(cell))).toEqual([]);
  });

  it('writes English with commas, decimal points and English days', async () => {
    const body = await exported('en');
    expect(body.split('\r\n')[0]).toMatch(/^\uFEFFForm number,Date of sale,/);
    const [header, ...rows] = parse(body, { bom: true }) as string[][];
    expect(header).toHaveLength(18);
    const row = rows[0]!;
    expect(rows).toHaveLength(1);
    expect(row).toHaveLength(18);
    expect(row[1]).toBe('27/10/2026');
    expect(row[6]).toBe("Ivo;'=2*3;");
    expect(row[7]).toBe("Horvat\r\n'=7+7");
    expect(row.slice(11, 16)).toEqual(['1234.50', '987.60', '246.90', '246.90', '246.90']);
    expect(naiveCells(body).filter((cell) => /^"?[=+\-@]/.test(cell))).toEqual([]);
  });
});

describe('GET …/taxforms/export?format=xlsx', () => {
  async function workbookOf(params: { search?: string; stage?: string } = {}) {
    const response = await download('xlsx', params, { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tax-forms-${today}.xlsx"`,
    );
    // A zip already: sent as it is.
    expect(response.headers['content-encoding']).toBeUndefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  it('holds every row of the list, amounts as numbers and days as dates', async () => {
    const list = await listRows();
    const sheet = await workbookOf();
    expect(sheet.rowCount).toBe(list.length + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Form number');
    const day = (cell: ExcelJS.Cell) => {
      if (cell.value === null) return null;
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toBe('yyyy-mm-dd');
      return (cell.value as Date).toISOString().slice(0, 10);
    };
    list.forEach((item, i) => {
      const want = expectedCells(item);
      const row = sheet.getRow(i + 2);
      const cell = (n: number) => row.getCell(n);
      expect(cell(1).value).toBe(want.barcode);
      expect(day(cell(2))).toBe(want.dateOfSales);
      expect(day(cell(3))).toBe(want.issuedOn);
      expect(cell(4).value).toBe(want.stage);
      expect(cell(5).value).toBe(want.cancelled);
      expect(cell(6).value).toBe(want.expired);
      expect(cell(7).value).toBe(unformula(want.name));
      expect(cell(8).value).toBe(unformula(want.surname));
      expect(cell(9).value).toBe(want.country);
      expect(cell(10).value).toBe(want.invoices);
      expect(day(cell(11))).toBe(want.deadline);
      want.amounts.forEach((amount, k) => {
        expect(cell(12 + k).type).toBe(ExcelJS.ValueType.Number);
        expect(cell(12 + k).numFmt).toBe('#,##0.00');
        expect(cell(12 + k).value).toBe(amount);
      });
      expect(cell(17).value).toBe(currency);
      expect(cell(18).value).toBe(want.issuedBy);
    });
  });

  it('keeps the stage filter and the search', async () => {
    const listed = (await listRows({ stage: 'expired' })).map((item) => item.barcode);
    const sheet = await workbookOf({ stage: 'expired' });
    const barcodes = sheet
      .getColumn(1)
      .values.slice(2)
      .map((value) => String(value));
    expect(barcodes).toEqual(listed);
    expect(barcodes).toHaveLength(1);
  });
});

describe('reading the forms in batches', () => {
  it('reads every form once, in the list order, across batches of forms made at the same instant', async () => {
    const listed = (await listRows()).map((item) => item.id);
    const batches: number[][] = [];
    for await (const batch of exportFormBatches(t.database.db, shop, {
      today,
      timeZone: shop.timeZone,
      batchRows: 3,
    })) {
      batches.push(batch.map((row) => row.id));
    }
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 2]);
    expect(batches.flat()).toEqual(listed);
  });
});

describe('GET …/taxforms/breakdown/export', () => {
  const period = () => `from=${addDays(today, -30)}&to=${today}`;

  it('holds the rows and totals of the breakdown call', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${base()}/breakdown?${period()}`,
      headers: bearer(token),
    });
    const breakdown = answer.json<{
      data: {
        from: string;
        to: string;
        currency: string;
        rates: {
          vat_product_rate: number;
          forms: number;
          net_amount: number;
          vat_amount: number;
          gross_amount: number;
          refund_amount: number;
        }[];
        totals: {
          forms: number;
          net_amount: number;
          vat_amount: number;
          gross_amount: number;
          refund_amount: number;
        };
      };
    }>().data;
    expect(breakdown.rates.length).toBeGreaterThan(0);
    const figures = (r: typeof breakdown.totals) => [
      r.forms,
      r.net_amount,
      r.vat_amount,
      r.gross_amount,
      r.refund_amount,
    ];

    const csv = await t.app.inject({
      method: 'GET',
      url: `${base()}/breakdown/export?format=csv&${period()}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tax-form-breakdown-${breakdown.from}-${breakdown.to}.csv"`,
    );
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'From',
      'To',
      'VAT rate (%)',
      'Forms',
      'Net amount',
      'VAT amount',
      'Gross amount',
      'Refund to the traveller',
      'Currency',
    ]);
    expect(rows).toEqual([
      ...breakdown.rates.map((r) => [
        englishDay(breakdown.from),
        englishDay(breakdown.to),
        String(r.vat_product_rate),
        String(r.forms),
        ...figures(r)
          .slice(1)
          .map((n) => n.toFixed(2)),
        breakdown.currency,
      ]),
      [
        englishDay(breakdown.from),
        englishDay(breakdown.to),
        'Total',
        String(breakdown.totals.forms),
        ...figures(breakdown.totals)
          .slice(1)
          .map((n) => n.toFixed(2)),
        breakdown.currency,
      ],
    ]);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${base()}/breakdown/export?format=xlsx&${period()}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(xlsx.statusCode).toBe(200);
    // Small, so sent whole with its length: the browser can show how much has arrived.
    expect(xlsx.headers['content-length']).toBe(String(xlsx.rawPayload.length));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(breakdown.rates.length + 2);
    breakdown.rates.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect((row.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(breakdown.from);
      expect(row.getCell(3).value).toBe(r.vat_product_rate);
      expect([4, 5, 6, 7, 8].map((n) => row.getCell(n).value)).toEqual(figures(r));
      expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    });
    const totals = sheet.getRow(breakdown.rates.length + 2);
    expect([4, 5, 6, 7, 8].map((n) => totals.getCell(n).value)).toEqual(figures(breakdown.totals));
  });

  it('refuses a period longer than a year as the breakdown does', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base()}/breakdown/export?format=csv&from=2024-01-01&to=2025-06-01`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('bounded exports', () => {
  it('answers 503 with Retry-After while every export turn and place in line is taken', async () => {
    const limiter = t.app.exports;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from(
      { length: limiter.options.concurrency + limiter.options.maxQueued },
      () => limiter.run(() => held),
    );
    try {
      const response = await download('csv');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(limiter.options.retryAfterSeconds));
      expect(response.json()).toMatchObject({ status: 'error', code: 'SERVER_BUSY' });
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await download('csv')).statusCode).toBe(200);
  });
});

describe('closing the server', () => {
  it('lets an export under way finish before the database closes', async () => {
    const own = await createTestApp({ SHUTDOWN_GRACE_MS: '9000' });
    let finished = false;
    const running = own.app.exports.run(async () => {
      // Longer than a close takes by itself.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      finished = true;
    });
    await own.close();
    expect(finished).toBe(true);
    await running;
  });
});
