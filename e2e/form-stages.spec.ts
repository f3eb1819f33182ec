import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';
import {
  apiSignIn,
  createRetailer,
  dayIn,
  englishDay,
  expectAccessible,
  issuePayload,
  SHOP_TIME_ZONE,
  signInFirstTime,
  type ApiSession,
} from './support.ts';

type Issued = { id: number; barcode: string };

async function issueForm(request: APIRequestContext, session: ApiSession): Promise<Issued> {
  const response = await request.post(`${session.branchPath}/taxforms/issue`, {
    headers: session.headers,
    data: issuePayload({ passport: `S${Date.now()}` }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Issued }).data;
}

/** What a hand scanner does at the counter: the digits of the barcode, then Enter. */
async function scanReturnedForm(page: Page, form: Issued) {
  await page.getByRole('button', { name: 'Returned form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan returned form' });
  await expect(dialog.getByLabel('Barcode')).toBeFocused();
  await page.keyboard.type(form.barcode);
  await page.keyboard.press('Enter');
  return dialog;
}

/** The Form Status panel's steps, through the row's Action menu. */
async function statusSteps(page: Page, form: Issued) {
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  await page.getByRole('menuitem', { name: 'Form Status' }).click();
  const panel = page.getByRole('dialog', { name: new RegExp(`Form Status.*${form.barcode}`) });
  return { panel, steps: panel.getByLabel('Form stages').getByRole('button') };
}

test('a clerk scans a returned form and records its customs validation, receipt and refund', async ({
  page,
  request,
}) => {
  // A shop of its own (in Croatia: four steps shown), so no other journey moves its forms.
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);
  const form = await issueForm(request, session);
  const today = dayIn(SHOP_TIME_ZONE);

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  // Only the next step is offered: no skip to receipt or payout.
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Record customs validation' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Record receipt' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Record refund paid' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // A wrong digit is caught before anything is looked up.
  const scan = await scanReturnedForm(page, {
    ...form,
    barcode: `${form.barcode.slice(0, -1)}${(Number(form.barcode.at(-1)) + 1) % 10}`,
  });
  await expect(scan.getByRole('alert')).toContainText("This barcode's check digit is wrong");
  await expectAccessible(page, 'scan returned form dialog');
  await page.keyboard.press('Escape');
  await expect(scan).toBeHidden();

  await scanReturnedForm(page, form);
  const validation = page.getByRole('dialog', { name: /Record customs validation/ });
  await expect(validation).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`form=${form.id}&panel=validation`));
  await expect(validation.getByText('Ana Traveller')).toBeVisible();
  const exportDate = validation.getByLabel(/Date of export/);
  await expect(exportDate).toBeFocused();
  await expectAccessible(page, 'record customs validation panel');
  await exportDate.fill(englishDay(today));
  await validation.getByLabel(/Customs office/).fill('Carinska ispostava Bajakovo');
  await validation.getByLabel(/Customs record number/).fill(`HR-${form.id}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Customs validation recorded')).toBeVisible();
  await expect(validation).toBeHidden();

  const status = await statusSteps(page, form);
  await expect(status.steps).toHaveCount(4);
  await expect(status.steps.nth(1)).toContainText('validated by customs');
  await expect(status.steps.nth(1)).toContainText('Completed');
  await expect(status.steps.nth(1)).toContainText(
    `Exported ${englishDay(today)} · Carinska ispostava Bajakovo · record no. HR-${form.id}`,
  );
  await expect(status.steps.nth(2)).toContainText('Not reached yet');
  await page.keyboard.press('Escape');
  await expect(status.panel).toBeHidden();

  await scanReturnedForm(page, form);
  const receipt = page.getByRole('dialog', { name: /Record receipt/ });
  await expect(
    receipt.getByText('The stamped original of this form is back with the shop.'),
  ).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Record receipt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Receipt of the stamped form recorded')).toBeVisible();
  await expect(receipt).toBeHidden();

  await scanReturnedForm(page, form);
  const refund = page.getByRole('dialog', { name: /Record refund paid/ });
  await expect(refund.getByLabel(/Amount paid/)).toHaveValue('25.00');
  await expect(refund.getByLabel(/Refund date/)).toHaveValue(englishDay(today));
  await expect(refund.getByLabel(/Method paid/)).toHaveValue('option5');
  await expect(refund.getByLabel(/Refund date/)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Refund payment recorded')).toBeVisible();
  await expect(refund).toBeHidden();

  const paid = await statusSteps(page, form);
  await expect(paid.steps.nth(3)).toContainText('paid out');
  await expect(paid.steps.nth(3)).toContainText('Completed');
  await expect(paid.steps.nth(3)).toContainText(`25.00 EUR paid by Cash on ${englishDay(today)}`);
  await page.keyboard.press('Escape');
  await expect(paid.panel).toBeHidden();

  // Nothing is left to record.
  const done = await scanReturnedForm(page, form);
  await expect(
    done.getByText(
      'The refund on this form has already been paid: there is nothing left to record.',
    ),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/panel=/);
});

/** Whether the server's outbox holds an e-mail to `address`. */
function outboxHas(address: string): boolean {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(outbox)) return false;
  return fs.readdirSync(outbox).some((file) => {
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    return new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw);
  });
}

test('Send to traveller asks for the address a form lacks, and the e-mail goes to it', async ({
  page,
  request,
}) => {
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);
  // Issued without an e-mail address.
  const form = await issueForm(request, session);
  const address = `traveller-${form.id}-${Date.now()}@example.com`;

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  await page.getByRole('menuitem', { name: 'Send to traveller' }).click();
  const panel = page.getByRole('dialog', {
    name: new RegExp(`Send to traveller.*${form.barcode}`),
  });
  await expect(
    panel.getByText("This form has no e-mail address. Enter the traveller's address to send it."),
  ).toBeVisible();
  const email = panel.getByLabel(/Traveller's e-mail/);
  await expect(email).toBeFocused();
  await expectAccessible(page, 'send to traveller panel');
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Email is required')).toBeVisible();

  await email.fill(address);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Form sent to ${address}`)).toBeVisible();
  await expect(panel).toBeHidden();
  await expect.poll(() => outboxHas(address), { timeout: 20_000 }).toBe(true);
  // The address is kept on the form: the list shows it.
  await expect(page.getByRole('row').filter({ hasText: address })).toBeVisible();
});
