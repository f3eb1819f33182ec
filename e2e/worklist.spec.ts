import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSignIn,
  createRetailer,
  dayIn,
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
    data: issuePayload({ passport: `W${Date.now()}` }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Issued }).data;
}

/** Customs validation recorded for the form, through the API, as an integration would. */
async function recordValidation(request: APIRequestContext, session: ApiSession, form: Issued) {
  const response = await request.post(`${session.branchPath}/taxforms/${form.id}/stages`, {
    headers: session.headers,
    data: {
      stage: 'FORM_VALIDATED',
      export_date: dayIn(SHOP_TIME_ZONE),
      customs_office: 'Carinska ispostava Bajakovo',
      customs_record_number: `HR-${form.id}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function goHome(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .first()
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL(/#\/home$/);
}

test('the worklist counts a form once customs validates it, and its count opens the list filtered to it', async ({
  page,
  request,
}) => {
  // A shop of its own: other journeys move the demo shop's forms meanwhile.
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);
  const first = await issueForm(request, session);
  const second = await issueForm(request, session);
  await recordValidation(request, session, first);

  await goHome(page);
  const worklist = page.getByRole('region', { name: 'Worklist' });
  const toRefund = worklist.getByRole('link', { name: /^To refund \(\d+\): show in the list$/ });
  await expect(toRefund).toHaveText('1');
  await expect(worklist.getByRole('link', { name: new RegExp(first.barcode) })).toBeVisible();
  await expect(
    worklist
      .getByRole('region', { name: 'Expired this month' })
      .getByText('No form has expired this month.'),
  ).toBeVisible();
  await expectAccessible(page, 'home worklist');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .first()
    .getByRole('link', { name: 'Refund Forms' })
    .click();
  await recordValidation(request, session, second);
  await goHome(page);
  await expect(toRefund).toHaveText('2');

  await toRefund.click();
  await expect(page).toHaveURL(/#\/refundForms\?stage=to_refund$/);
  const stage = page.getByRole('combobox', { name: 'Stage' });
  await expect(stage).toHaveValue('to_refund');
  await expect(page.getByText('Displaying 2 of 2 results')).toBeVisible();
  await expectAccessible(page, 'list filtered to a worklist entry');

  await page.reload();
  await expect(page).toHaveURL(/stage=to_refund/);
  await expect(stage).toHaveValue('to_refund');
  await expect(page.getByText('Displaying 2 of 2 results')).toBeVisible();

  // Choosing a stage of the select leaves the worklist's filter for it.
  await stage.selectOption('issued');
  await expect(page).toHaveURL(/stage=issued$/);
  await expect(page.getByText('Forms not found')).toBeVisible();

  // An entry of the worklist opens its form: the Form Status panel, with the customs validation
  // just recorded and the form's history, over the list narrowed to that form.
  await goHome(page);
  await worklist.getByRole('link', { name: new RegExp(second.barcode) }).click();
  await expect(page).toHaveURL(
    new RegExp(`#/refundForms\\?search=${second.barcode}&form=${second.id}&panel=status$`),
  );
  const panel = page.getByRole('dialog', { name: new RegExp(`Form Status.*${second.barcode}`) });
  await expect(panel).toBeVisible();
  const steps = panel.getByLabel('Form stages').getByRole('button');
  await expect(steps.nth(1)).toContainText('validated by customs');
  await expect(steps.nth(1)).toContainText('Completed');
  await expect(steps.nth(1)).toContainText(`record no. HR-${second.id}`);
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Issued');
  await expect(history).toContainText('Customs validation recorded');
  await expectAccessible(page, 'form status panel opened from the worklist');

  // Closing the panel leaves the form's row, with its actions.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/refundForms\\?search=${second.barcode}$`));
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search forms' })).toHaveValue(second.barcode);
  await expect(
    page.getByRole('button', { name: `Action for form ${second.barcode}` }),
  ).toBeVisible();

  // On a phone the sections stack, with nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/home');
  await expect(toRefund).toHaveText('2');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
