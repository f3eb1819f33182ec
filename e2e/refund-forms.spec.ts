import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './support.ts';

/** Calls the API the way the page does, with the page's own session. */
async function apiGet<T>(page: Page, path: (branch: string) => string) {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    companyId: localStorage.getItem('companyId'),
    branchId: localStorage.getItem('branchId'),
  }));
  const response = await page.request.get(
    `/api/v2${path(`/companies/${session.companyId}/retailers/${session.branchId}`)}`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as { data: T; metadata?: { total: number } };
}

const AMOUNT = /^\d{1,3}(,\d{3})*\.\d{2} EUR$/;
/** A day as an English reader writes it, day first (dd/mm/yyyy). */
const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/** The body rows of the table: each has the form's barcode as its row header. */
const formRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('rowheader') });

/** The texts of one column, found by its header (the traveller's also names the e-mail under it). */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text === header || text.startsWith(`${header} `));
  expect(index, `column ${header}`).toBeGreaterThan(0);
  // The barcode is the row header; the other columns are cells.
  return formRows(page).evaluateAll(
    (rows, i) => rows.map((row) => row.querySelectorAll('td')[i - 1]?.textContent ?? ''),
    index,
  );
}

async function signInToList(page: Page) {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
}

test.describe('refund form list', () => {
  test('pages through, searches and formats the forms', async ({ page }) => {
    // Short enough that the end of the first five rows is below the fold.
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInToList(page);
    // The list counts what the server holds. Other tests issue forms in the demo shop meanwhile:
    // a count read a moment after the list's may be ahead of it, and a reload brings the list up.
    let total = 0;
    let attempts = 0;
    await expect(async () => {
      if (attempts++ > 0) await page.reload();
      const { metadata } = await apiGet<unknown[]>(page, (b) => `${b}/taxforms?perPage=5&page=1`);
      total = metadata!.total;
      await expect(page.getByText(`Displaying 5 of ${total} results`)).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    expect(total).toBeGreaterThanOrEqual(36);
    await expect(formRows(page)).toHaveCount(5);
    await expect(page.getByPlaceholder('Search for barcode, traveller and more')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Issue Form' })).toBeVisible();

    // The demo retailer is in Croatia mode with single invoices: the invoice number is listed.
    await expect(page.getByRole('columnheader', { name: 'Invoice reference' })).toBeVisible();
    for (const text of await columnTexts(page, 'Invoice reference')) expect(text).toMatch(/^R-/);
    for (const text of await columnTexts(page, 'Date of sale')) expect(text).toMatch(DATE);
    for (const header of ['Gross amount', 'VAT amount', 'Net amount', 'Refund amount']) {
      for (const text of await columnTexts(page, header)) expect(text).toMatch(AMOUNT);
    }

    // Reaching the bottom brings the next five. Other journeys issue forms in this shop meanwhile:
    // each pushes one form of page 1 onto page 2, which the list shows once.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => formRows(page).count()).toBeGreaterThan(5);
    const shown = await formRows(page).count();
    expect(shown).toBeLessThanOrEqual(10);
    const hint = page.getByText(/^Displaying \d+ of \d+ results$/);
    await expect(hint).toHaveText(new RegExp(`^Displaying ${shown} of \\d+ results$`));
    const barcodes = await formRows(page).getByRole('rowheader').allTextContents();
    expect(new Set(barcodes).size).toBe(shown);

    // A surname fragment finds only that traveller's forms, from page 1.
    const found = await apiGet<{ traveler_surname: string }[]>(
      page,
      (b) => `${b}/taxforms?perPage=5&page=1&search=hod%C5%BE`,
    );
    const matches = found.metadata!.total;
    expect(matches).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search forms' }).fill('hodž');
    await expect(
      page.getByText(`Displaying ${Math.min(matches, 5)} of ${matches} result`),
    ).toBeVisible();
    await expect(formRows(page)).toHaveCount(Math.min(matches, 5));
    for (const text of await columnTexts(page, 'Traveller')) expect(text).toContain('Hodžić');

    await page.getByRole('searchbox', { name: 'Search forms' }).fill('no such traveller');
    await expect(page.getByText('Forms not found')).toBeVisible();
    await expect(page.getByText('Displaying 0 of 0 results')).toBeVisible();
  });

  test('the Action menu names its form and opens the panel through the URL', async ({ page }) => {
    await signInToList(page);
    const { data } = await apiGet<
      { id: number; barcode: string; cancelled: string; ilr: number }[]
    >(page, (b) => `${b}/taxforms?perPage=5&page=1`);
    const form = data.find((f) => f.cancelled === '0' && f.ilr === 1)!;
    await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'View/Update',
      'Form Status',
      'Print',
      'Record customs validation',
      'Send to traveller',
      'Cancel',
    ]);
    await expectAccessible(page, 'action menu');
    await menu.getByRole('menuitem', { name: 'Form Status' }).click();
    await expect(page).toHaveURL(new RegExp(`#/\\?form=${form.id}&panel=status$`));
  });

  test('a phone gets cards and no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToList(page);
    const list = page.getByRole('list', { name: 'Refund form list' });
    await expect(list.getByRole('article')).toHaveCount(5);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(list.getByRole('article').first().getByText(AMOUNT).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // At a glance: barcode and stage, traveller and date, refund and gross, the Action menu.
    const card = list.getByRole('article').first();
    await expect(card.locator('[data-stage]')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Action for form/ })).toBeVisible();
    const { height } = (await card.boundingBox())!;
    expect(height, 'card height').toBeLessThanOrEqual(170);
    // The other fields wait behind More details.
    const more = card.getByRole('button', { name: /^More details of form/ });
    await expect(card.getByText('VAT amount')).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText('VAT amount')).toBeVisible();
    await expectAccessible(page, 'refund form list (phone)');
  });

  test("shows each form's stage as the stage filter names it", async ({ page }) => {
    await signInToList(page);
    // The first page, and the next when the window is tall enough to show its end.
    await expect(formRows(page).nth(4)).toBeVisible();
    const stages = [
      'Issued',
      'Validated by customs',
      'Received',
      'Refunded',
      'Cancelled',
      'Expired',
    ];
    for (const text of await columnTexts(page, 'Stage')) expect(stages).toContain(text);

    await page.getByRole('combobox', { name: 'Stage' }).selectOption('issued');
    await expect(page).toHaveURL(/stage=issued/);
    await expect
      .poll(async () => [...new Set(await columnTexts(page, 'Stage'))])
      .toEqual(['Issued']);
  });

  test('n opens a new form and / goes to the search box, but not while typing', async ({
    page,
  }) => {
    await signInToList(page);
    await expect(formRows(page).first()).toBeVisible();
    const issue = page.getByRole('button', { name: 'Issue Form' });
    const search = page.getByRole('searchbox', { name: 'Search forms' });
    await expect(issue).toHaveAttribute('aria-keyshortcuts', 'N Alt+N');
    await expect(search).toHaveAttribute('aria-keyshortcuts', '/');

    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type('n');
    await expect(search).toHaveValue('n');
    await expect(page).not.toHaveURL(/panel=issue/);

    await search.fill('');
    await search.blur();
    await page.keyboard.press('n');
    await expect(page).toHaveURL(/panel=issue/);
    await expect(page.getByRole('dialog', { name: 'Issue tax-free form' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('has no serious accessibility problems', async ({ page }) => {
    await signInToList(page);
    await expect(formRows(page).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: AMOUNT }).first()).toBeVisible();
    await expectAccessible(page, 'refund form list');
  });
});

test.describe('home dashboard', () => {
  test('counts up to the issued-form counts of the server', async ({ page }) => {
    await signInToList(page);
    const { data: counts } = await apiGet<{ today: number; lastweek: number; lastmonth: number }>(
      page,
      (b) => `${b}/taxforms/count`,
    );
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Issued Forms' })).toBeVisible();

    for (const [name, value] of [
      ['Today', counts.today],
      ['Last week', counts.lastweek],
      ['Last month', counts.lastmonth],
    ] as const) {
      const counter = page.getByRole('region', { name });
      await expect(counter.locator('[aria-hidden="true"]')).toHaveText(String(value));
    }
    // Today's and the last week's bars: their share of the last month's forms.
    for (const [name, value] of [
      ['Today', counts.today],
      ['Last week', counts.lastweek],
    ] as const) {
      const share = Math.round((value / counts.lastmonth) * 100);
      await expect(
        page
          .getByRole('region', { name })
          .getByRole('meter', { name: `${name}: share of the last 30 days' forms` }),
      ).toHaveAttribute('aria-valuenow', String(share));
    }
    await expect(
      page.getByRole('region', { name: 'Last month' }).getByText(/ a day on average$/),
    ).toBeVisible();
    expect(counts.lastmonth).toBeGreaterThanOrEqual(counts.lastweek);
    expect(counts.lastweek).toBeGreaterThanOrEqual(counts.today);
    expect(counts.today).toBeGreaterThan(0);
    await expectAccessible(page, 'home dashboard');
  });

  test('shows the values at once when less motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInToList(page);
    const { data: counts } = await apiGet<{ lastmonth: number }>(
      page,
      (b) => `${b}/taxforms/count`,
    );
    await page.goto('/#/home');
    const lastMonth = page.getByRole('region', { name: 'Last month' });
    await expect(lastMonth).toBeVisible();
    // No retrying: the first thing shown is already the final value.
    expect(await lastMonth.locator('[aria-hidden="true"]').textContent()).toBe(
      String(counts.lastmonth),
    );
  });
});
