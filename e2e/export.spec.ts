import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiSignIn,
  createRetailer,
  issuePayload,
  signInFirstTime,
  type ApiSession,
} from './support.ts';

type ListItem = {
  barcode: string;
  traveler_name: string;
  traveler_surname: string;
  date_of_sales: string;
  gross_amount: number;
  vat_amount: number;
  customer_refund: number;
};

async function issueForm(request: APIRequestContext, session: ApiSession, surname: string) {
  const response = await request.post(`${session.branchPath}/taxforms/issue`, {
    headers: session.headers,
    data: issuePayload({ passport: `X${Date.now()}`, traveler_surname: surname }),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function listRows(request: APIRequestContext, session: ApiSession, search = '') {
  const response = await request.get(
    `${session.branchPath}/taxforms?perPage=100&search=${encodeURIComponent(search)}`,
    { headers: session.headers },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ListItem[] }).data;
}

test("the accountant downloads the list as an Excel file holding the list's rows", async ({
  page,
  request,
}) => {
  // A shop of its own: other journeys issue and cancel the demo shop's forms meanwhile.
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);
  for (const surname of ['Horvat', 'Kovačević', 'Horvatić']) {
    await issueForm(request, session, surname);
  }
  // The search narrows the file as it narrows the list.
  await page.getByRole('searchbox', { name: 'Search forms' }).fill('horvat');
  await expect(page.getByText('Displaying 2 of 2 results')).toBeVisible();
  await expect(page).toHaveURL(/search=horvat/);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tax-forms-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText(/^Saved tax-forms-.*\.xlsx$/)).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const listed = await listRows(request, session, 'horvat');
  expect(listed).toHaveLength(2);
  expect(sheet.rowCount).toBe(listed.length + 1);
  expect(sheet.getRow(1).getCell(1).value).toBe('Form number');
  listed.forEach((item, i) => {
    const row = sheet.getRow(i + 2);
    expect(row.getCell(1).value).toBe(item.barcode);
    expect((row.getCell(2).value as Date).toISOString().slice(0, 10)).toBe(item.date_of_sales);
    expect(row.getCell(7).value).toBe(item.traveler_name);
    expect(row.getCell(8).value).toBe(item.traveler_surname);
    expect(row.getCell(12).value).toBe(item.gross_amount);
    expect(row.getCell(14).value).toBe(item.vat_amount);
    expect(row.getCell(16).value).toBe(item.customer_refund);
    expect(row.getCell(17).value).toBe('EUR');
  });
});

test('the tax form breakdown downloads as a CSV file with the figures of the screen', async ({
  page,
  request,
}) => {
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);
  await issueForm(request, session, 'Babić');
  await issueForm(request, session, 'Novak');

  await page.goto('/#/taxformBreakdown');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax form breakdown' })).toBeVisible();
  // The period as the fields show it in English (dd/mm/yyyy), and as it travels (yyyy-mm-dd).
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const iso = (day: string) => day.split('/').reverse().join('-');
  await expect(page.getByRole('table', { name: /^VAT by rate/ })).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tax-form-breakdown-${iso(from)}-${iso(to)}.csv`);

  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // No field of this file holds a comma or a quote: a split reads it.
  const [header, ...rows] = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
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
  // Two forms of one 25 % invoice each (125.00 gross, 25.00 VAT), then the totals; the days as
  // an English reader writes them, as the screen does.
  expect(rows).toEqual([
    [from, to, '25', '2', '200.00', '50.00', '250.00', '50.00', 'EUR'],
    [from, to, 'Total', '2', '200.00', '50.00', '250.00', '50.00', 'EUR'],
  ]);
});
