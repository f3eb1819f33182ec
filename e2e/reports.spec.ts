import { expect, test, type Page } from '@playwright/test';
import { DEMO, englishDay, expectAccessible, SHOP_TIME_ZONE, signIn, dayIn } from './support.ts';

type Envelope<T> = { data: T };
type Counts = { today: number; lastweek: number; lastmonth: number };
type Breakdown = {
  currency: string;
  rates: { vat_product_rate: number }[];
  totals: {
    forms: number;
    net_amount: number;
    vat_amount: number;
    gross_amount: number;
    refund_amount: number;
  };
};

/** A GET on the branch's taxforms API with the signed-in page's token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    companyId: localStorage.getItem('companyId'),
    branchId: localStorage.getItem('branchId'),
  }));
  const response = await page.request.get(
    `/api/v2/companies/${session.companyId}/retailers/${session.branchId}/taxforms/${path}`,
    { headers: { Authorization: `Bearer ${session.token}` } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

const amount = (value: number, currency: string) =>
  `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
});

test('form statistics: the counters, a chart and a table row for today', async ({ page }) => {
  await page.goto('/#/formStats');
  await expect(page.getByRole('heading', { level: 1, name: 'Form statistics' })).toBeVisible();
  const counts = await apiGet<Counts>(page, 'count');
  for (const [label, value] of [
    ['Today', counts.today],
    ['Last week', counts.lastweek],
    ['Last month', counts.lastmonth],
  ] as const) {
    await expect(
      page.getByRole('region', { name: label }).getByText(String(value), { exact: true }),
    ).toBeVisible();
  }
  expect(counts.today).toBeGreaterThan(0);

  // A bar for each of the thirty days, as high as its forms; the refunds as an area.
  const formsChart = page.getByRole('figure', { name: /^Forms per day/ });
  const bars = formsChart.getByRole('img', { name: /^Forms per day/ }).locator('rect');
  await expect(bars).toHaveCount(30);
  // The server counts the shop's days, in its time zone: not this machine's, nor UTC's.
  const shopToday = dayIn(SHOP_TIME_ZONE);
  const dayMonth = englishDay(shopToday).slice(0, 5);
  await expect(bars.last().locator('title')).toHaveText(`${dayMonth}: ${counts.today}`);
  expect(Number(await bars.last().getAttribute('height'))).toBeGreaterThan(0);
  const refundsChart = page.getByRole('figure', { name: /^Refunds per day/ });
  await expect(
    refundsChart.getByRole('img', { name: /^Refunds per day/ }).locator('path'),
  ).toHaveCount(2);

  await page.getByText('Show the figures as a table').click();
  const today = page.locator(`tr[data-date="${shopToday}"]`);
  await expect(today).toBeVisible();
  await expect(today.locator('th')).toHaveText(englishDay(shopToday));
  await expect(today.locator('td').first()).toHaveText(String(counts.today));

  // Mantine and the charts add no <style> elements at run time (README, "No runtime <style> tags").
  expect(await page.locator('style').count()).toBe(0);
  await expectAccessible(page, 'form statistics');
});

test('tax form breakdown: rows for each demo rate, totals equal to the API', async ({ page }) => {
  await page.goto('/#/taxformBreakdown');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax form breakdown' })).toBeVisible();
  // The demo forms were sold over the last two months: take the shop's last ninety days.
  const to = dayIn(SHOP_TIME_ZONE);
  const from = dayIn(SHOP_TIME_ZONE, new Date(Date.now() - 90 * 86_400_000));
  // Typed day first, as the portal writes days in English.
  await page.getByLabel('From', { exact: true }).fill(englishDay(from));
  await page.getByLabel('To', { exact: true }).fill(englishDay(to));
  const breakdown = await apiGet<Breakdown>(page, `breakdown?from=${from}&to=${to}`);

  const table = page.getByRole('table', { name: /^VAT by rate/ });
  await expect(table).toBeVisible();
  for (const rate of [25, 13, 5]) {
    await expect(table.getByRole('rowheader', { name: `${rate}%`, exact: true })).toBeVisible();
  }
  expect(breakdown.rates.map((r) => r.vat_product_rate)).toEqual([25, 13, 5]);
  const totals = table.locator('tfoot tr');
  const { currency } = breakdown;
  await expect(totals.locator('th, td')).toHaveText([
    'Total',
    String(breakdown.totals.forms),
    amount(breakdown.totals.net_amount, currency),
    amount(breakdown.totals.vat_amount, currency),
    amount(breakdown.totals.gross_amount, currency),
    amount(breakdown.totals.refund_amount, currency),
  ]);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();

  // The printed page leaves out the navigation and the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(table).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await expectAccessible(page, 'tax form breakdown');
});
