import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  issuePayload,
  SHOP_TIME_ZONE,
  signIn,
  dayIn,
  expectSaved,
  handOverPrintedForm,
} from './support.ts';

async function session(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('authToken')!,
    companyId: localStorage.getItem('companyId')!,
    branchId: localStorage.getItem('branchId')!,
  }));
}

/** Issues a form through the API with the page's own session: a card refund, one line. */
async function issueWithCard(page: Page, surname: string) {
  const s = await session(page);
  const response = await page.request.post(
    `/api/v2/companies/${s.companyId}/retailers/${s.branchId}/taxforms/issue`,
    {
      headers: { authorization: `Bearer ${s.token}` },
      data: issuePayload(
        {
          traveler_name: 'Mehmet',
          traveler_surname: surname,
          traveler_mobile: '+90 532 123 45 67',
          passport: `U${Date.now()}`,
          traveler_address: 'İstiklal Caddesi 1, İstanbul',
          items: 'Leather bag',
          invoice_date: dayIn(SHOP_TIME_ZONE),
          method_of_refund: 'option2',
          acc_details: '4111 1111 1111 1111',
          invoice_reference_number: `R-${surname}`,
        },
        `R-${surname}`,
      ),
    },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: number; barcode: string } }).data;
}

test('a passport scanned by a keyboard-wedge reader fills the traveller', async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  const scan = drawer.getByRole('textbox', { name: /Scan passport/ });
  await expect(scan).toBeFocused();
  // The reader types each line of the zone followed by Enter.
  await page.keyboard.type('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  await page.keyboard.press('Enter');
  await page.keyboard.type('L898902C36UTO7408122F1204159ZE184226B<<<<<10');
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('textbox', { name: /^Name/ })).toHaveValue('ANNA MARIA');
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue('ERIKSSON');
  await expect(drawer.getByRole('textbox', { name: /^Passport number/ })).toHaveValue('L898902C3');
  await expect(
    drawer.getByRole('status').filter({ hasText: 'Filled from the passport' }),
  ).toContainText('name, surname, passport number');
  // The specimen expired in 2012: the scan says so. Utopia is no country of the list, so the
  // clerk goes on in the nationality the shop requires.
  await expect(drawer.getByRole('alert').filter({ hasText: 'expired' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: /^Nationality/ })).toBeFocused();
});

test('a passport zone with a wrong check digit says which, and fills nothing', async ({ page }) => {
  await signIn(page, DEMO);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  const scan = drawer.getByRole('textbox', { name: /Scan passport/ });
  await expect(scan).toBeFocused();
  await page.keyboard.type('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  await page.keyboard.press('Enter');
  await page.keyboard.type('L898902C37UTO7408122F1204159ZE184226B<<<<<10');
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('alert')).toContainText(
    'The check digit of the document number does not match.',
  );
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue('');
  await expect(scan).toBeFocused();
});

test('a form is opened from the list, changed, and printed; the stored card is kept', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
  const surname = `Edit${Date.now().toString(36)}`;
  const form = await issueWithCard(page, surname);

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  await page.getByRole('menuitem', { name: 'View/Update' }).click();
  // The form opens as it was saved, read-only: it may already be printed and handed over.
  const view = page.getByRole('dialog', { name: 'Tax-free form' });
  await expect(view.getByRole('textbox', { name: /^Surname/ })).toHaveValue(surname);
  await expect(view.getByRole('textbox', { name: /^Surname/ })).toBeDisabled();
  // Read as text, not greyed out: whole, in the text's colour.
  await expect(view.getByRole('textbox', { name: /^Surname/ })).toHaveCSS('opacity', '1');
  // Nothing offers to be changed before Edit: no clear or open buttons on the chosen countries.
  await expect(view.locator('.mantine-Input-section[data-position="right"]:visible')).toHaveCount(
    0,
  );
  await expect(view.getByRole('textbox', { name: /^Credit card number/ })).toHaveValue(
    '•••• •••• •••• 1111',
  );
  await expect(view.getByRole('button', { name: 'Update and Print' })).toHaveCount(0);

  // Edit is a step of its own, which says a reprint follows.
  await view.getByRole('button', { name: 'Edit', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Update tax-free form' });
  await expect(drawer).toContainText('Once you save your changes, the form is printed again');
  await drawer.getByRole('textbox', { name: /^Surname/ }).fill(`${surname}x`);
  const pdfPage = context.waitForEvent('page');
  await drawer.getByRole('button', { name: 'Update and Print' }).click();
  const opened = await pdfPage;
  await opened.waitForURL(/\/uploads\/electronic\/[0-9a-f]{32}-\d+-[0-9a-z]+-[0-9a-f]{32}\.pdf$/);
  expect(await expectSaved(drawer, false)).toBe(form.barcode);
  await handOverPrintedForm(page, pdfPage);
  await drawer.getByRole('button', { name: 'Back to the list' }).click();
  await expect(drawer).toBeHidden();

  const s = await session(page);
  const detail = await page.request.get(
    `/api/v2/companies/${s.companyId}/retailers/${s.branchId}/taxforms/${form.id}`,
    {
      headers: { authorization: `Bearer ${s.token}` },
    },
  );
  const data = ((await detail.json()) as { data: { taxforms: Record<string, unknown> } }).data
    .taxforms;
  expect(data).toMatchObject({
    traveler_surname: `${surname}x`,
    acc_details: '•••• •••• •••• 1111',
    barcode: form.barcode,
  });
});

test('a form changed by someone else meanwhile is not overwritten: the clerk is told and reloads it', async ({
  page,
}) => {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
  const surname = `Race${Date.now().toString(36)}`;
  const form = await issueWithCard(page, surname);

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  await page.getByRole('menuitem', { name: 'View/Update' }).click();
  await page
    .getByRole('dialog', { name: 'Tax-free form' })
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Update tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue(surname);

  // A colleague corrects the surname while the panel is open.
  const s = await session(page);
  const corrected = `${surname}Fixed`;
  const base = `/api/v2/companies/${s.companyId}/retailers/${s.branchId}/taxforms`;
  const detail = (await (
    await page.request.get(`${base}/${form.id}`, {
      headers: { authorization: `Bearer ${s.token}` },
    })
  ).json()) as { data: { taxforms: { version: number } } };
  const elsewhere = await page.request.post(`${base}/update/${form.id}`, {
    headers: {
      authorization: `Bearer ${s.token}`,
      'if-match': `"${detail.data.taxforms.version}"`,
    },
    data: issuePayload(
      {
        traveler_name: 'Mehmet',
        traveler_surname: corrected,
        traveler_mobile: '+90 532 123 45 67',
        passport: `U${Date.now()}`,
        traveler_address: 'İstiklal Caddesi 1, İstanbul',
        items: 'Leather bag',
        invoice_date: dayIn(SHOP_TIME_ZONE),
        method_of_refund: 'option2',
        acc_details: '•••• •••• •••• 1111',
        invoice_reference_number: `R-${surname}`,
      },
      `R-${surname}`,
    ),
  });
  expect(elsewhere.ok()).toBe(true);

  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Leather bag, brown');
  await drawer.getByRole('button', { name: 'Update and Print' }).click();
  const changed = page.getByRole('dialog', { name: 'Changed since you opened it' });
  await expect(changed).toContainText('This form was changed after you opened it');
  await changed.getByRole('button', { name: 'Load the current form' }).click();
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue(corrected);

  // Made again on the current version, the change is saved.
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Leather bag, brown');
  await drawer.getByRole('button', { name: 'Update and Print' }).click();
  expect(await expectSaved(drawer, false)).toBe(form.barcode);
});

test('Update and Print offers the printed form as a link when the browser blocks the new tab', async ({
  page,
}) => {
  // A pop-up blocker: every new window is refused.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/#\/$/);
  const form = await issueWithCard(page, `Blocked${Date.now().toString(36)}`);

  await page.getByRole('searchbox', { name: 'Search forms' }).fill(form.barcode);
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await page.getByRole('button', { name: `Action for form ${form.barcode}` }).click();
  await page.getByRole('menuitem', { name: 'View/Update' }).click();
  await page
    .getByRole('dialog', { name: 'Tax-free form' })
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Update tax-free form' });
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Leather bag, brown');
  await drawer.getByRole('button', { name: 'Update and Print' }).click();

  const link = drawer.getByRole('link', { name: `Open form ${form.barcode}` });
  await expect(drawer.getByText('Your browser blocked the new tab.')).toBeVisible();
  await expect(link).toHaveAttribute(
    'href',
    /\/uploads\/electronic\/[0-9a-f]{32}-\d+-[0-9a-z]+-[0-9a-f]{32}\.pdf$/,
  );
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
