import { expect, test, type Page } from '@playwright/test';
import { createRetailer, expectAccessible, signInFirstTime, expectSaved } from './support.ts';

/** Picks an option of a Mantine Select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const RULES = ['minimum', 'residence', 'document', 'exportWindow', 'rates', 'goods'];

test('a Slovenian shop sees its minimum purchase reached before issuing, then prints the form', async ({
  page,
  context,
}) => {
  const account = await createRetailer('SI');
  await signInFirstTime(page, account);

  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer).toBeVisible();
  // The form of Slovenian law, with its VAT rates.
  await expect(drawer.getByTestId('form-name')).toHaveText('DDV-VP');

  const surname = `Rules${Date.now().toString(36)}`;
  await drawer.getByRole('textbox', { name: /^Name/ }).fill('Milica');
  await drawer.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await drawer.getByRole('textbox', { name: /^Passport number/ }).fill(`P${Date.now()}`);
  await drawer.getByLabel(/^Document expiry date/).fill('01/07/2034');
  await choose(page, /^Issuing country/, 'Serbia');
  await choose(page, /^Nationality/, 'Serbia');
  await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+381 64 1234567');
  await drawer.getByRole('textbox', { name: /^Address/ }).fill('Knez Mihailova 1, Beograd');
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Winter coat');
  await choose(page, /^Refund method/, 'Cash');
  const gross = drawer.getByRole('textbox', { name: 'Gross amount, line 1' });
  await gross.fill('40.00');

  // 40.00 EUR is not above Slovenia's 50.00 EUR: the summary says what is missing.
  const summary = drawer.getByTestId('eligibility-summary');
  const minimum = summary.getByTestId('eligibility-minimum');
  await expect(minimum).toHaveAttribute('data-met', 'false');
  await expect(minimum).toContainText('Minimum purchase not reached');
  await expect(minimum).toContainText(
    'Below the minimum of 50.01 EUR per invoice: 10.01 EUR more is needed',
  );
  await expect(summary).toHaveAttribute('data-met', 'false');

  await gross.fill('80.00');
  await expect(drawer.getByTestId('total-vat')).toHaveText('14.43 EUR');
  await expect(minimum).toHaveAttribute('data-met', 'true');
  await expect(minimum).toHaveText('Minimum purchase reached');
  for (const rule of RULES) {
    await expect(summary.getByTestId(`eligibility-${rule}`)).toHaveAttribute('data-met', 'true');
  }
  await expect(summary).toHaveAttribute('data-met', 'true');
  await expectAccessible(page, 'eligibility summary', {
    within: '[data-testid="eligibility-summary"]',
  });

  // Issued: the printed form opens at once, beside the form's number and code.
  const printed = context.waitForEvent('page');
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  await expectSaved(drawer);
  await expect.poll(async () => (await printed).url()).toMatch(/\.pdf$/);
  const issuedPdf = (await printed).url();
  await drawer.getByRole('button', { name: 'Back to the list' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(surname);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(row).toContainText(surname);
  await expect(row).toContainText('80.00 EUR');
  await expect(row).not.toContainText('Expired');

  // The reprint is a new document, a copy: the tab of the issue may read its original again.
  const pdfResponse = context.waitForEvent(
    'response',
    (r) => /\.pdf$/.test(r.url()) && r.url() !== issuedPdf,
  );
  const popup = context.waitForEvent('page');
  await row.getByRole('button', { name: /^Action for form/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Print' }).click();
  const tab = await popup;
  const response = await pdfResponse;
  await expect.poll(() => tab.url()).toMatch(/\.pdf$/);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
});
