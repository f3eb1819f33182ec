import { expect, test, type Page } from '@playwright/test';
import {
  apiSignIn,
  dayIn,
  englishDay,
  expectAccessible,
  issuePayload,
  SHOP_TIME_ZONE,
  words,
} from './support.ts';

// A traveller's phone.
test.use({ viewport: { width: 360, height: 740 } });

const languageSelect = (page: Page) => page.locator('select[name="language"]:visible');

/** Whether the page scrolls sideways: on a phone, nothing may stick out. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test("a traveller follows a form on a phone with the e-mail's link, in their language", async ({
  page,
  request,
}) => {
  const en = words('en');
  const hr = words('hr');
  // A form issued in the demo shop and stamped by customs, as the clerk would record it.
  const session = await apiSignIn(request);
  const issued = await request.post(`${session.branchPath}/taxforms/issue`, {
    headers: session.headers,
    data: issuePayload({ passport: `S${Date.now()}` }, `R-${Date.now()}`),
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const form = ((await issued.json()) as { data: { id: number; barcode: string } }).data;
  const detail = await request.get(`${session.branchPath}/taxforms/${form.id}`, {
    headers: session.headers,
  });
  const code = ((await detail.json()) as { data: { taxforms: { verification_code: string } } }).data
    .taxforms.verification_code;
  expect(code).toMatch(/^[0-9A-Z]{6}$/);
  const today = dayIn(SHOP_TIME_ZONE);
  const stamped = await request.post(`${session.branchPath}/taxforms/${form.id}/stages`, {
    headers: session.headers,
    data: {
      stage: 'FORM_VALIDATED',
      export_date: today,
      customs_office: 'Carinska ispostava Bajakovo',
      customs_record_number: `HR-${form.id}`,
    },
  });
  expect(stamped.status(), await stamped.text()).toBe(200);

  // The e-mail's link, opened without signing in; the code as a traveller might type it.
  await page.goto(`/#/status?barcode=${form.barcode}&code=${code.toLowerCase()}`);
  await expect(page.getByRole('heading', { name: form.barcode })).toBeVisible();
  const current = page.getByTestId('form-status-current');
  await expect(current).toContainText(en('publicStatus.stages.FORM_VALIDATED'));
  const steps = page.getByLabel(en('publicStatus.stepsLabel')).getByRole('button');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(1)).toContainText(
    en('publicStatus.exportedOn', { date: englishDay(today) }),
  );
  await expect(steps.nth(2)).toContainText(en('publicStatus.open'));
  // The demo issue's refund, as English writes money and the printed form and e-mails write it.
  await expect(page.getByTestId('form-status-refund')).toHaveText('25.00 EUR');
  // Nothing of the traveller: the status page is for anyone holding the number and code.
  await expect(page.getByText('Knez Mihailova')).toHaveCount(0);
  expect(await overflowsSideways(page)).toBe(false);
  await expectAccessible(page, 'public status page');

  // In Croatian, at once, with the money as Croatian writes it.
  await languageSelect(page).selectOption('hr');
  await expect(current).toContainText(hr('publicStatus.stages.FORM_VALIDATED'));
  await expect(page.getByTestId('form-status-refund')).toHaveText('25,00 EUR');
  expect(await overflowsSideways(page)).toBe(false);

  // A code with one character wrong finds nothing, and says so in Croatian.
  await page.getByRole('button', { name: hr('publicStatus.another') }).click();
  const wrong = `${code[0] === 'Z' ? 'Y' : 'Z'}${code.slice(1)}`;
  await page.getByLabel(hr('publicStatus.code'), { exact: false }).fill(wrong);
  await page.getByRole('button', { name: hr('publicStatus.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(hr('publicStatus.notFound'));
  await expect(page.getByTestId('form-status')).toHaveCount(0);
  expect(await overflowsSideways(page)).toBe(false);
});
