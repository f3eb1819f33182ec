import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createRetailer,
  DEMO,
  setSettings,
  signIn,
  signInFirstTime,
  expectSaved,
  handOverPrintedForm,
} from './support.ts';

/** Picks an option of a Mantine Select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openIssueDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The traveller and refund fields every retailer here asks for; returns the surname. */
async function fillTraveller(page: Page, drawer: Locator, tag: string): Promise<string> {
  const surname = `${tag}${Date.now().toString(36)}`;
  await drawer.getByRole('textbox', { name: /^Name/ }).fill('Ana');
  await drawer.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await drawer.getByRole('textbox', { name: /^Passport number/ }).fill(`P${Date.now()}`);
  await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+381 64 1234567');
  await drawer.getByRole('textbox', { name: /^Address/ }).fill('Knez Mihailova 1, Beograd');
  await choose(page, /^Nationality/, 'Serbia');
  // Croatian customs need the goods described, whatever the settings say.
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Winter coat');
  await choose(page, /^Refund method/, 'Cash');
  return surname;
}

async function issue(drawer: Locator) {
  const page = drawer.page();
  const printed = page.context().waitForEvent('page');
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  await expectSaved(drawer);
  await handOverPrintedForm(page, printed);
  await drawer.getByRole('button', { name: 'Back to the list' }).click();
  await expect(drawer).toBeHidden();
}

type Detail = {
  taxforms: { id: number; barcode: string; no_auto_calculation: number };
  invoice: { invoice_reference_number: string | null; gross_sales_price: number }[];
  products: { description: string; net_amount: number }[];
};

/** The stored form of a surname, read from the API with the page's session. */
async function savedForm(page: Page, surname: string): Promise<Detail> {
  return page.evaluate(async (search) => {
    const token = localStorage.getItem('authToken') ?? '';
    const base = `/api/v2/companies/${localStorage.getItem('companyId')}/retailers/${localStorage.getItem('branchId')}/taxforms`;
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const list = (await (
      await fetch(`${base}?perPage=5&page=1&search=${encodeURIComponent(search)}`, { headers })
    ).json()) as { data: { id: number }[] };
    const id = list.data[0]?.id;
    if (id === undefined) throw new Error(`No form of ${search}`);
    const detail = (await (await fetch(`${base}/${id}`, { headers })).json()) as { data: Detail };
    return detail.data;
  }, surname);
}

test.describe('issue form modes', () => {
  // Each test: a retailer of its own (CLI), a first login with a password change, then the
  // journey, within the configuration's time for a journey.
  test('multiple invoices: a form with two invoices is issued', async ({ page }) => {
    const account = await createRetailer();
    await setSettings(account.accountNo, 'general.multiple_invoice_required=1');
    await signInFirstTime(page, account);
    const drawer = await openIssueDrawer(page);
    const surname = await fillTraveller(page, drawer, 'Multi');

    await drawer.getByRole('textbox', { name: /^Invoice reference number 1/ }).fill('INV-A');
    await drawer.getByRole('textbox', { name: 'Gross amount, invoice 1, line 1' }).fill('125.00');
    await drawer.getByRole('button', { name: 'Add invoice' }).click();
    await drawer.getByRole('textbox', { name: /^Invoice reference number 2/ }).fill('INV-B');
    await drawer.getByRole('textbox', { name: 'Gross amount, invoice 2, line 1' }).fill('150.00');
    await expect(drawer.getByTestId('invoice')).toHaveCount(2);
    await expect(drawer.getByTestId('total-gross')).toHaveText('275.00 EUR');
    await expect(drawer.getByTestId('total-vat')).toHaveText('55.00 EUR');

    await issue(drawer);
    const form = await savedForm(page, surname);
    expect(form.invoice).toHaveLength(2);
    expect(form.invoice.map((i) => i.invoice_reference_number).sort()).toEqual(['INV-A', 'INV-B']);
    expect(form.invoice.map((i) => i.gross_sales_price).sort((a, b) => a - b)).toEqual([125, 150]);
  });

  test('products mode on a phone: each product’s fields fit the panel', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await createRetailer();
    await setSettings(account.accountNo, 'taxFree.products_in_tfs_form=1');
    await signInFirstTime(page, account);
    const drawer = await openIssueDrawer(page);
    const products = drawer.getByRole('table', { name: 'Products' });
    const net = products.getByRole('textbox', { name: 'Net amount, row 1', exact: true });
    await net.scrollIntoViewIfNeeded();
    await expect(net).toBeInViewport({ ratio: 1 });
    expect(
      await products.evaluate(({ parentElement: box }) => box!.scrollWidth - box!.clientWidth),
      'the products table scrolls sideways by',
    ).toBeLessThanOrEqual(0);
  });

  test('products mode: a form with two product rows is issued', async ({ page }) => {
    const account = await createRetailer();
    await setSettings(account.accountNo, 'taxFree.products_in_tfs_form=1');
    await signInFirstTime(page, account);
    const drawer = await openIssueDrawer(page);
    const surname = await fillTraveller(page, drawer, 'Products');

    await expect(drawer.getByRole('textbox', { name: /Gross amount, line 1/ })).toHaveCount(0);
    const cell = (column: string, row: number) =>
      drawer.getByRole('textbox', { name: `${column}, row ${row}`, exact: true });
    // The company's classification codes are offered: the cell is a combobox taking a typed code.
    const code = (row: number) =>
      drawer.getByRole('combobox', { name: `Classification, row ${row}`, exact: true });
    await code(1).fill('6403');
    await cell('Description', 1).fill('Leather shoes');
    await expect(cell('Quantity', 1)).toHaveValue('1');
    await cell('Net amount', 1).fill('100.00');
    await drawer.getByRole('button', { name: 'Add product' }).click();
    await drawer.getByRole('button', { name: 'Finish Invoice' }).click();
    // The new row is still empty: Finish Invoice shows what is missing.
    await expect(drawer.getByText('Classification is required')).toBeVisible();
    await code(2).fill('4203');
    await cell('Description', 2).fill('Belt');
    await cell('Net amount', 2).fill('40.00');
    await drawer.getByRole('button', { name: 'Finish Invoice' }).click();
    await expect(drawer.getByTestId('products-total-vat')).toHaveText('35.00 EUR');
    await expect(drawer.getByTestId('products-total-gross')).toHaveText('175.00 EUR');
    await expect(drawer.getByTestId('products-total-refund')).toHaveText('35.00 EUR');

    await issue(drawer);
    const form = await savedForm(page, surname);
    expect(form.products.map((p) => p.description).sort()).toEqual(['Belt', 'Leather shoes']);
    expect(form.invoice).toHaveLength(1);
    expect(form.invoice[0]?.gross_sales_price).toBe(175);
  });

  test('Croatia mode off: no invoice date, and three status steps', async ({ page }) => {
    const account = await createRetailer();
    await setSettings(account.accountNo, 'company.ushopSetting=false');
    await signInFirstTime(page, account);
    const drawer = await openIssueDrawer(page);
    const surname = await fillTraveller(page, drawer, 'Nohr');
    await expect(drawer.getByRole('textbox', { name: /^Invoice reference number/ })).toBeVisible();
    await expect(drawer.getByLabel('Invoice date')).toHaveCount(0);
    await drawer.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('125.00');
    await issue(drawer);

    const { taxforms } = await savedForm(page, surname);
    await page.getByRole('searchbox', { name: 'Search forms' }).fill(surname);
    // The shop holds this one form: the count is right before the search reaches the URL, so
    // the panel is opened once it has, not while the search is still being written there.
    await expect(page).toHaveURL(new RegExp(`search=${surname}`));
    await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
    await page.getByRole('button', { name: `Action for form ${taxforms.barcode}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Form Status' }).click();
    const status = page.getByRole('dialog', {
      name: new RegExp(`Form Status.*${taxforms.barcode}`),
    });
    const steps = status.getByLabel('Form stages').getByRole('button');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Form Pending');
    await expect(status.getByText('validated by customs')).toHaveCount(0);
  });

  test('a half-filled form survives a reload, without the card number', async ({ page }) => {
    await signIn(page, DEMO);
    const drawer = await openIssueDrawer(page);
    await drawer.getByRole('textbox', { name: /^Name/ }).fill('Draftina');
    await drawer.getByRole('textbox', { name: /^Surname/ }).fill('Reload');
    await choose(page, /^Refund method/, 'Credit/Debit Card');
    await drawer.getByRole('textbox', { name: /Credit card number/ }).fill('4111 1111 1111 1111');
    await drawer.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('42.00');
    // The draft is written once typing pauses.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith('issueFormDraft:'))
            .map((key) => localStorage.getItem(key) ?? '')
            .join(''),
        ),
      )
      .toContain('42.00');
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('issueFormDraft:'))
        .map((key) => localStorage.getItem(key) ?? '')
        .join(''),
    );
    expect(stored).toContain('Draftina');
    expect(stored).not.toContain('4111');

    await page.reload();
    const restored = page.getByRole('dialog', { name: 'Issue tax-free form' });
    // The reload loads the signed-in code and the panel again: slow on a busy machine.
    await expect(restored.getByText('Draft restored')).toBeVisible({ timeout: 30_000 });
    await expect(restored.getByRole('textbox', { name: /^Name/ })).toHaveValue('Draftina');
    await expect(restored.getByRole('textbox', { name: /^Surname/ })).toHaveValue('Reload');
    await expect(restored.getByRole('textbox', { name: 'Gross amount, line 1' })).toHaveValue(
      '42.00',
    );
    await expect(restored.getByRole('textbox', { name: /Credit card number/ })).toHaveValue('');

    await restored.getByRole('button', { name: 'Discard draft' }).click();
    await expect(restored.getByText('Draft restored')).toHaveCount(0);
    await expect(restored.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('issueFormDraft:'))),
      )
      .toBe(false);
  });

  test('/issueForm: a session that ends mid-form sends the clerk to log in and back, draft kept', async ({
    page,
  }) => {
    const account = await signInFirstTime(page, await createRetailer());
    await page.goto('/#/issueForm');
    await expect(page.getByRole('heading', { level: 1, name: 'Issue Form' })).toBeVisible();
    const form = page.getByRole('main');
    const surname = await fillTraveller(page, form, 'Expiry');
    await form.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('125.00');
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith('issueFormDraft:'))
            .map((key) => localStorage.getItem(key) ?? '')
            .join(''),
        ),
      )
      .toContain(surname);

    // The session ends on the server (signed out elsewhere, or expired) while the page stays open.
    const revoked = await page.evaluate(async () => {
      const response = await fetch('/api/v2/authorization', {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` },
      });
      return response.status;
    });
    expect(revoked).toBeLessThan(300);

    await form.getByRole('button', { name: 'Issue Form' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    // Signing in on the screen the portal went to (not a fresh visit to /login).
    await page.getByLabel(/account no/i).fill(account.accountNo);
    await page.getByLabel(/username/i).fill(account.username);
    await page.getByLabel(/^password/i).fill(account.password);
    await page.getByRole('button', { name: /^login$/i }).click();
    await expect(page).toHaveURL(/#\/issueForm$/);
    const restored = page.getByRole('main');
    await expect(restored.getByText('Draft restored')).toBeVisible();
    await expect(restored.getByRole('textbox', { name: /^Surname/ })).toHaveValue(surname);
    await expect(restored.getByRole('textbox', { name: 'Gross amount, line 1' })).toHaveValue(
      '125.00',
    );
    await restored.getByRole('button', { name: 'Issue Form' }).click();
    await expectSaved(restored);
    const saved = await savedForm(page, surname);
    expect(saved.invoice[0]?.gross_sales_price).toBe(125);
  });
});
