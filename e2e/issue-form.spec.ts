import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, expectSaved, handOverPrintedForm } from './support.ts';

/** Picks an option of a Mantine Select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('issue form drawer', () => {
  test('validates, issues a form, and finds it in the list', async ({ page }) => {
    await signIn(page, DEMO);
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();

    await page.getByRole('button', { name: 'Issue Form' }).click();
    await expect(page).toHaveURL(/panel=issue/);
    const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
    await expect(drawer).toBeVisible();
    // The demo shop is in Croatia: the panel names the form that will print.
    await expect(drawer.getByTestId('form-name')).toHaveText('PDV-P');
    // Focus moves into the drawer, onto the scan input.
    await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused();
    // SPEC 4 defaults.
    // Country 42 is preselected (its name depends on the reference data).
    await expect(drawer.getByRole('combobox', { name: /^Issuing country/ })).not.toHaveValue('');
    await expect(drawer.getByRole('combobox', { name: /^Method of shipment/ })).toHaveValue(
      'Carried by the traveller',
    );
    await expectAccessible(page, 'issue drawer', { within: '[role="dialog"]' });

    // Saving an empty form shows the messages of the required fields.
    await drawer.getByRole('button', { name: 'Issue Form' }).click();
    for (const message of [
      'Name is required',
      'Surname is required',
      'Passport number is required',
      'Mobile number is required',
      'Address is required',
      'Purchase details are required',
      'Refund method is required',
      'Invoice reference number is required',
      'Gross amount is required',
    ]) {
      // On its field (and, for the country's rules, in the eligibility summary too).
      await expect(drawer.getByText(message, { exact: true }).first()).toBeVisible();
    }

    const surname = `Issuetest${Date.now().toString(36)}`;
    await drawer.getByRole('textbox', { name: /^Name/ }).fill('Ana');
    await drawer.getByRole('textbox', { name: /^Surname/ }).fill(surname);
    await drawer.getByRole('textbox', { name: /^Passport number/ }).fill(`P${Date.now()}`);
    // A number no numbering plan knows is refused in the browser, by the plans the server reads
    // (fetched as the field is entered, not with the panel).
    const badPhone = 'Please enter a valid phone number with the country code (e.g. +385)';
    await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+385 91 23');
    await expect(drawer.getByText(badPhone)).toBeVisible();
    await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+381 64 1234567');
    await expect(drawer.getByText(badPhone)).toHaveCount(0);
    await drawer.getByRole('textbox', { name: /^Address/ }).fill('Knez Mihailova 1, Beograd');
    await choose(page, /^Nationality/, 'Serbia');
    await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Winter coat');
    await choose(page, /^Refund method/, 'Cash');
    await drawer.getByRole('textbox', { name: /^Invoice reference number/ }).fill(`R-${surname}`);
    await drawer.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('125.00');
    await expect(drawer.getByTestId('total-vat')).toHaveText('25.00 EUR');
    await expect(drawer.getByTestId('total-refund')).toHaveText('25.00 EUR');
    await expect(drawer.getByText('Name is required')).toHaveCount(0);

    const printed = page.context().waitForEvent('page');
    await drawer.getByRole('button', { name: 'Issue Form' }).click();
    await expectSaved(drawer);
    await handOverPrintedForm(page, printed);
    await drawer.getByRole('button', { name: 'Back to the list' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/panel=issue/);

    // The new form is the newest: first in the list, and its surname finds it.
    const firstRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .first();
    await expect(firstRow).toContainText(surname);
    await page.getByRole('searchbox', { name: 'Search forms' }).fill(surname);
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(surname);
    await expect(rows.first()).toContainText('125.00 EUR');
  });
});
