import { expect, test, type Page } from '@playwright/test';
import {
  createRetailer,
  expectAccessible,
  handOverPrintedForm,
  labelled,
  signInFirstTime,
  startsWith,
  words,
} from './support.ts';

/** Picks an option of a Mantine Select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a shop without its legal identity fills it in from the issue panel, then issues', async ({
  page,
}) => {
  // Created by the operators without --address and --vat-number: only its legal name is known.
  const account = await createRetailer('HR', { legalIdentity: false });
  await signInFirstTime(page, account);
  // The clerk works in Croatian, as a shop in Zagreb would.
  await page.locator('select[name="language"]:visible').selectOption('hr');
  const t = words('hr');
  const message = words('hr', 'validation');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');

  const issued: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/taxforms/issue')) issued.push(request.url());
  });

  await page.getByRole('button', { name: t('refundForms.issueForm') }).click();
  const drawer = page.getByRole('dialog', { name: t('issueForm.titleNew') });
  await expect(drawer).toBeVisible();
  const notice = drawer.getByRole('alert').filter({ hasText: t('issueForm.legalIdentity.title') });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveText([
    t('shop.legalIdentity.address'),
    t('shop.legalIdentity.vatNumber'),
  ]);
  await expectAccessible(page, 'issue drawer with the legal identity notice', {
    within: '[role="dialog"]',
  });

  // Issue sends nothing: it points at the notice instead.
  await drawer.getByRole('button', { name: t('issueForm.issue') }).click();
  await expect(notice).toBeFocused();
  expect(issued).toEqual([]);

  await notice.getByRole('link', { name: t('issueForm.legalIdentity.open') }).click();
  await expect(page).toHaveURL(/#\/shopUpdate$/);
  await expect(page.getByRole('heading', { level: 1, name: t('pages.shopUpdate') })).toBeVisible();
  const shopPage = page.getByRole('main');
  const identity = shopPage.getByRole('group', { name: t('shop.legalIdentity.title') });
  await expect(identity).toBeVisible();
  await expect(identity.getByLabel(labelled(t('shop.legalIdentity.legalName')))).toHaveValue(
    /^Shop \d+$/,
  );

  await identity.getByLabel(labelled(t('shop.legalIdentity.legalName'))).fill('Jadran Moda d.o.o.');
  await identity
    .getByLabel(labelled(t('shop.legalIdentity.address')))
    .fill('Ilica 12, 10000 Zagreb');
  const vatNumber = identity.getByLabel(labelled(t('shop.legalIdentity.vatNumber')));
  // A wrong check digit: the OIB's rule says so, in the clerk's language.
  await vatNumber.fill('69435151531');
  await expect(identity.getByText(message('vatNumberInvalidOib'))).toBeVisible();
  await shopPage.getByRole('button', { name: t('shop.update') }).click();
  await expect(page).toHaveURL(/#\/shopUpdate$/);
  await expectAccessible(page, 'shop page with a wrong VAT number', { within: 'main' });

  await vatNumber.fill('HR 694 351 515 30');
  await expect(identity.getByText(message('vatNumberInvalidOib'))).toHaveCount(0);
  await shopPage.getByRole('button', { name: t('shop.update') }).click();

  // Back where the clerk came from: the issue panel, now without the notice.
  await expect(page).toHaveURL(/panel=issue/);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(t('issueForm.legalIdentity.title'))).toHaveCount(0);

  const surname = `Legal${Date.now().toString(36)}`;
  await drawer.getByRole('textbox', { name: labelled(t('issueForm.fields.name')) }).fill('Ana');
  await drawer
    .getByRole('textbox', { name: labelled(t('issueForm.fields.surname')) })
    .fill(surname);
  await drawer
    .getByRole('textbox', { name: startsWith(t('issueForm.fields.passport')) })
    .fill(`P${Date.now()}`);
  await drawer
    .getByRole('textbox', { name: labelled(t('issueForm.fields.mobile')) })
    .fill('+381 64 1234567');
  await drawer
    .getByRole('textbox', { name: labelled(t('issueForm.fields.address')) })
    .fill('Knez Mihailova 1, Beograd');
  await choose(page, startsWith(t('issueForm.fields.nationality')), 'Srbija');
  await drawer
    .getByRole('textbox', { name: startsWith(t('issueForm.fields.items')) })
    .fill('Zimski kaput');
  await choose(
    page,
    startsWith(t('issueForm.fields.refundMethod')),
    t('issueForm.refundMethods.option5'),
  );
  await drawer
    .getByRole('textbox', {
      name: t('issueForm.table.cellLabel', { column: t('issueForm.table.gross'), line: 1 }),
    })
    .fill('125,00');
  const printed = page.context().waitForEvent('page');
  await drawer.getByRole('button', { name: t('issueForm.issue') }).click();
  await expect(drawer.getByRole('heading', { name: t('issueResult.issued') })).toBeVisible();
  await handOverPrintedForm(page, printed);
  await drawer.getByRole('button', { name: t('issueResult.close') }).click();
  await expect(drawer).toBeHidden();
  expect(issued).toHaveLength(1);

  await page.getByRole('searchbox', { name: t('refundForms.search.label') }).fill(surname);
  const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(surname);
});
