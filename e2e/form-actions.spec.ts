import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './support.ts';

type ListedForm = { id: number; barcode: string; status: string; cancelled: string; ilr: number };

/** The branch's forms as the page's own session sees them, newest first. */
async function listForms(page: Page): Promise<ListedForm[]> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    companyId: localStorage.getItem('companyId'),
    branchId: localStorage.getItem('branchId'),
  }));
  const response = await page.request.get(
    `/api/v2/companies/${session.companyId}/retailers/${session.branchId}/taxforms?perPage=100&page=1`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ListedForm[] }).data;
}

async function signInToList(page: Page) {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
}

/** Narrows the list to one form, so journeys running side by side never meet. */
async function findForm(page: Page, form: ListedForm) {
  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: form.barcode }) });
}

async function openMenu(page: Page, form: ListedForm) {
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  return page.getByRole('menu');
}

const cancellable = (f: ListedForm) =>
  f.cancelled === '0' && f.ilr === 1 && f.status === 'FORM_SUBMITTED';

test.describe('form actions', () => {
  test('Form Status shows the stages the form went through', async ({ page }) => {
    await signInToList(page);
    // The oldest pending form: the cancel journey takes the newest ones.
    const form = (await listForms(page)).filter(cancellable).at(-2)!;
    await findForm(page, form);
    await (await openMenu(page, form)).getByRole('menuitem', { name: 'Form Status' }).click();

    const drawer = page.getByRole('dialog', { name: new RegExp(`Form Status.*${form.barcode}`) });
    await expect(drawer).toBeVisible();
    const steps = drawer.getByLabel('Form stages').getByRole('button');
    // The demo retailer is in Croatia mode: four steps, the customs one included.
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('Form Pending');
    await expect(steps.nth(0)).toContainText('Completed');
    await expect(steps.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(steps.nth(1)).toContainText('validated by customs');
    await expect(steps.nth(1)).toContainText('Not reached yet');
    await expectAccessible(page, 'form status panel');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/panel=/);
  });

  test('Print opens the PDF in a new tab', async ({ page, context }) => {
    await signInToList(page);
    const form = (await listForms(page))[0]!;
    await findForm(page, form);
    const pdfResponse = context.waitForEvent('response', (r) => /\.pdf$/.test(r.url()));
    const popup = context.waitForEvent('page');
    await (await openMenu(page, form)).getByRole('menuitem', { name: 'Print' }).click();

    const tab = await popup;
    const response = await pdfResponse;
    await expect.poll(() => tab.url()).toMatch(/\.pdf$/);
    expect(response.url()).toMatch(/\/uploads\/electronic\/[^/]+\.pdf$/);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await expect(page).not.toHaveURL(/panel=/);

    // Printed again: the link opens the next copy (its number is in the signed link).
    const copyOf = (url: string) => Number(/\/electronic\/[0-9a-f]{32}-(\d+)-/.exec(url)?.[1]);
    // The first tab's viewer may fetch its PDF again meanwhile: wait for another link.
    const again = context.waitForEvent(
      'response',
      (r) => /\.pdf$/.test(r.url()) && r.url() !== response.url(),
    );
    const secondTab = context.waitForEvent('page');
    await (await openMenu(page, form)).getByRole('menuitem', { name: 'Print' }).click();
    await secondTab;
    const second = await again;
    expect(second.status()).toBe(200);
    expect(copyOf(second.url())).toBe(copyOf(response.url()) + 1);
  });

  test('Cancel asks for a reason, cancels, and the list shows it', async ({ page }) => {
    await signInToList(page);
    // Not the newest cancellable form: the list's Action menu journey expects that one to stay.
    const form = (await listForms(page)).filter(cancellable)[2]!;
    const row = await findForm(page, form);
    await (await openMenu(page, form)).getByRole('menuitem', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`form=${form.id}&panel=cancel`));

    const drawer = page.getByRole('dialog', { name: /Cancel TFS Form/ });
    await expect(drawer).toBeVisible();
    const submit = drawer.getByRole('button', { name: 'Cancel Form' });
    await expect(submit).toBeDisabled();
    await expect(drawer.getByText(form.barcode)).toBeVisible();
    await expectAccessible(page, 'cancel form panel');

    await drawer.getByLabel(/Reason/).selectOption('Gave up in a hurry');
    await drawer.getByLabel('Comments').fill('Flight leaves in an hour');
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText('Cancelled Successfully')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/panel=/);
    await expect(row.getByText('Cancelled')).toBeVisible();
    const menu = await openMenu(page, form);
    await expect(menu.getByRole('menuitem')).toHaveText(['View/Update', 'Form Status', 'Print']);
  });
});
