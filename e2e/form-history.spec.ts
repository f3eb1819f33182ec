import { expect, test } from '@playwright/test';
import {
  apiSignIn,
  DEMO,
  dayIn,
  englishDay,
  expectAccessible,
  issuePayload,
  SHOP_TIME_ZONE,
  signIn,
  words,
} from './support.ts';

test("the Form Status panel tells who issued, printed and stamped the form, and when, on the shop's clock", async ({
  page,
  request,
}) => {
  const t = words('en');
  // A form of the demo shop, printed twice and stamped by customs through the API.
  const session = await apiSignIn(request);
  const issued = await request.post(`${session.branchPath}/taxforms/issue`, {
    headers: session.headers,
    data: issuePayload({ passport: `H${Date.now()}` }, `R-H-${Date.now()}`),
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const form = ((await issued.json()) as { data: { id: number; barcode: string } }).data;
  for (let print = 0; print < 2; print += 1) {
    const printed = await request.get(`${session.branchPath}/taxforms/download/${form.id}`, {
      headers: session.headers,
    });
    expect(printed.status(), await printed.text()).toBe(200);
  }
  const today = dayIn(SHOP_TIME_ZONE);
  const stamped = await request.post(`${session.branchPath}/taxforms/${form.id}/stages`, {
    headers: session.headers,
    data: {
      stage: 'FORM_VALIDATED',
      export_date: today,
      customs_office: 'Carinska ispostava Bajakovo',
      customs_record_number: `HR-H-${form.id}`,
    },
  });
  expect(stamped.status(), await stamped.text()).toBe(200);

  await signIn(page, DEMO);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
  await page.getByRole('searchbox', { name: t('refundForms.search.label') }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await page
    .getByRole('button', { name: t('refundForms.actions.menu', { barcode: form.barcode }) })
    .click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: t('refundForms.actions.status') })
    .click();

  const drawer = page.getByRole('dialog', { name: new RegExp(form.barcode) });
  const history = drawer.getByRole('region', { name: t('auditTrail.title') });
  const entries = history.getByTestId('form-audit').locator(':scope > *');
  await expect(entries.first()).toContainText(t('auditTrail.actions.issue'));
  await expect(history).toContainText(t('auditTrail.actions.printOriginal'));
  await expect(history).toContainText(t('auditTrail.actions.printCopy', { number: 1 }));
  const dmy = englishDay(today);
  await expect(history).toContainText(
    t('auditTrail.validatedDetail', {
      date: dmy,
      office: 'Carinska ispostava Bajakovo',
      record: `HR-H-${form.id}`,
    }),
  );
  // Each entry: the day and time in the shop (dd/mm/yyyy HH:mm in English) and who did it.
  await expect(entries.first()).toContainText(new RegExp(`${dmy} \\d{2}:\\d{2} · \\S`));
  await expectAccessible(page, 'form history in the status panel');
});
