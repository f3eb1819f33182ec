import { expect, test, type Page } from '@playwright/test';
import { croatianLink } from '@taxfree/domain/receipt-fixtures';
import { passportZone } from './passport-zone.ts';
import {
  apiSignIn,
  dayIn,
  DEMO,
  expectSaved,
  handOverPrintedForm,
  listForms,
  SHOP_TIME_ZONE,
  signInTo,
} from './support.ts';

/*
 * A 2D reader at the counter types a fiscal receipt's QR code like a keyboard, then Enter: the
 * invoice fills from it, and the form, once issued, holds the receipt against every other form.
 */

/** A Croatian receipt's link for a total in cents, made today on the shop's clock. */
function receiptLink(jir: string, cents: number): string {
  const day = dayIn(SHOP_TIME_ZONE).replaceAll('-', '');
  return croatianLink([
    ['jir', jir],
    ['datv', `${day}_1030`],
    ['izn', String(cents)],
  ]);
}

/** Opens a new form, reads a passport and fills what a passport does not carry (cash refund). */
async function startForm(page: Page, surname: string) {
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused({
    timeout: 30_000,
  });
  const number = `R${Date.now().toString().slice(-8)}`;
  const zone = passportZone({
    country: 'USA',
    surname,
    given: 'NOAH',
    number,
    birth: '800101',
    sex: 'M',
    expiry: '350101',
  });
  for (const line of zone) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
  await expect(drawer.getByRole('textbox', { name: /^Passport number/ })).toHaveValue(number);
  await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+1 212 555 0147');
  await drawer.getByRole('textbox', { name: /^Address/ }).fill('5th Avenue 1, New York');
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Leather handbag');
  await drawer.getByRole('combobox', { name: /^Refund method/ }).click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  return drawer;
}

/** Types a code into the receipt box as a reader does: the characters, then Enter. */
async function scanReceipt(page: Page, code: string) {
  const box = page.getByRole('textbox', { name: /^Scan receipt/ });
  await box.click();
  await box.press('ControlOrMeta+a');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a receipt scanned into the invoice fills it, and one receipt stands on one form', async ({
  page,
  request,
}) => {
  test.slow();
  const api = await apiSignIn(request);
  await signInTo(page, DEMO);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  // A zone's names are letters only: the time's digits written as letters.
  const stamp = Date.now().toString(36).toUpperCase();
  const surname = `RECEIPT${stamp.replace(/\d/g, (digit) => 'ABCDEFGHIJ'[Number(digit)] ?? 'X')}`;
  const drawer = await startForm(page, surname);

  // Text that is no receipt fills nothing and says so.
  await scanReceipt(page, 'hello');
  await expect(drawer.getByRole('alert').filter({ hasText: 'not read' })).toContainText(
    "This is not a fiscal receipt's code we can read",
  );

  // A receipt under Croatia's minimum fills the invoice, and says at once it is too small.
  await scanReceipt(page, receiptLink(crypto.randomUUID(), 4_000));
  await expect(drawer.getByTestId('receipt-scan-status')).toHaveText(
    'Filled from the receipt: date and total.',
  );
  await expect(drawer.getByRole('alert').filter({ hasText: 'Check this receipt' })).toContainText(
    'Below the minimum of 100.01 EUR per invoice',
  );

  // The right receipt replaces it: its total is the line's gross, its JIR kept with the invoice.
  const jir = crypto.randomUUID();
  await scanReceipt(page, receiptLink(jir, 25_000));
  await expect(drawer.getByTestId('receipt-scan-status')).toHaveText(
    'Filled from the receipt: date and total.',
  );
  await expect(drawer.getByRole('alert').filter({ hasText: 'Check this receipt' })).toHaveCount(0);
  await expect(drawer.getByTestId('invoice-receipt')).toHaveText(`Fiscal receipt ${jir}`);
  await expect(drawer.getByRole('textbox', { name: 'Gross amount, line 1' })).toHaveValue('250.00');
  await expect(drawer.getByTestId('total-refund')).not.toHaveText('0.00 EUR');
  // A Croatian code carries no receipt number: the focus waits in the reference, still empty.
  const reference = drawer.getByRole('textbox', { name: /^Invoice reference/ });
  await expect(reference).toBeFocused();
  await page.keyboard.type(`R-${surname.slice(-5)}`);
  const printed = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const barcode = await expectSaved(drawer);
  await handOverPrintedForm(page, printed);

  const [form] = await listForms(request, api, surname);
  expect(form?.barcode).toBe(barcode);
  const detail = await request.get(`${api.branchPath}/taxforms/${form!.id}`, {
    headers: api.headers,
  });
  const { data } = (await detail.json()) as { data: { invoice: { receipt_id: string | null }[] } };
  expect(data.invoice[0]?.receipt_id?.toLowerCase()).toBe(jir);

  await drawer.getByRole('button', { name: /^Next traveller/ }).click();
  const next = await startForm(page, `${surname}B`);
  // The same receipt on the next traveller's form: the scan already names the form holding it…
  await scanReceipt(page, receiptLink(jir, 25_000));
  await expect(next.getByTestId('invoice-receipt')).toHaveText(`Fiscal receipt ${jir}`);
  const inUse = `This receipt is already on form ${barcode}.`;
  await expect(next.getByRole('alert').filter({ hasText: inUse })).toBeVisible();
  // …and issuing it anyway is refused by the server, which makes no second form.
  await next.getByRole('textbox', { name: /^Invoice reference/ }).fill(`R-${surname.slice(-5)}b`);
  await next.getByRole('button', { name: 'Issue Form' }).click();
  await expect(page.getByText(inUse)).toHaveCount(2);
  await expect(next.getByRole('heading', { name: 'Form issued' })).toHaveCount(0);
  expect(await listForms(request, api, `${surname}B`)).toHaveLength(0);
});
