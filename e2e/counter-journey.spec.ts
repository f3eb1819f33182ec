import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, expectSaved, listForms, signInTo } from './support.ts';

/** Opens the issue drawer from the list and fills a complete card refund without the card number. */
async function fillCardFormWithoutNumber(
  page: Page,
  surname: string,
  open = true,
): Promise<Locator> {
  if (open) await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused({
    timeout: 30_000,
  });
  const choose = async (label: RegExp, option: string) => {
    await drawer.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await drawer.getByRole('textbox', { name: /^Name/ }).fill('Lejla');
  await drawer.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await drawer.getByRole('textbox', { name: /^Passport number/ }).fill(`J${Date.now()}`);
  await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+387 61 123 456');
  await drawer.getByRole('textbox', { name: /^Address/ }).fill('Ferhadija 1, Sarajevo');
  await choose(/^Nationality/, 'Serbia');
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Silk scarf');
  await choose(/^Refund method/, 'Credit/Debit Card');
  await drawer.getByRole('textbox', { name: /^Invoice reference number/ }).fill(`R-${surname}`);
  await drawer.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('125.00');
  await expect(drawer.getByTestId('total-refund')).not.toHaveText('0.00 EUR');
  return drawer;
}

test('a form without its refund details is saved only once the clerk confirms it', async ({
  page,
  request,
}) => {
  const api = await apiSignIn(request);
  await signInTo(page);
  const surname = `Nocard${Date.now().toString(36)}`;
  const drawer = await fillCardFormWithoutNumber(page, surname);

  // Go back: nothing is saved, and the form is still there to finish.
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund details missing' });
  await expect(confirm).toContainText(
    'No credit card number has been entered. Save the form without it?',
  );
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue(surname);
  expect(await listForms(request, api, surname)).toHaveLength(0);

  // Proceed without: the form is issued, once.
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  // Proceed is the confirmation's first focus: Enter goes on.
  await expect(confirm.getByRole('button', { name: 'Proceed without' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectSaved(drawer);
  expect(await listForms(request, api, surname)).toHaveLength(1);
});

test('an issue whose answer is lost is sent again with the same key and creates one form', async ({
  page,
  request,
}) => {
  const api = await apiSignIn(request);
  await signInTo(page);
  const surname = `Retry${Date.now().toString(36)}`;
  const drawer = await fillCardFormWithoutNumber(page, surname);
  await drawer.getByRole('textbox', { name: /^Credit card number/ }).fill('5555 5555 5555 4444');
  // The card's type shows as its logo, loaded from the app itself, and by name.
  const cardType = drawer.locator('[data-card-type="mastercard"]');
  await expect(cardType).toContainText('Mastercard');
  await expect
    .poll(() => cardType.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // The first attempt reaches the server, which issues the form, but its answer never comes back.
  const keys: string[] = [];
  await page.route('**/taxforms/issue', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      const reached = await route.fetch();
      expect(reached.status()).toBe(200);
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  await expect.poll(() => keys.length).toBe(1);
  await expect(
    page.getByText('The server cannot be reached. Please check your connection and try again.'),
  ).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Issue Form' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Form issued' })).toHaveCount(0);

  // The clerk presses Issue Form again: the server answers with the form it already made.
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  await expectSaved(drawer);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await listForms(request, api, surname)).toHaveLength(1);

  // The next traveller's form is a new attempt, with a new key.
  await drawer.getByRole('button', { name: /^Next traveller/ }).click();
  const next = await fillCardFormWithoutNumber(page, `${surname}b`, false);
  await next.getByRole('textbox', { name: /^Credit card number/ }).fill('5555 5555 5555 4444');
  await next.getByRole('button', { name: 'Issue Form' }).click();
  await expectSaved(next);
  expect(keys).toHaveLength(3);
  expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[2]).not.toBe(keys[0]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the go-to-top button appears once the list is scrolled and takes it back up', async ({
    page,
  }) => {
    await signInTo(page);
    await expect(page.getByRole('article').first()).toBeVisible();
    const goToTop = page.getByRole('button', { name: 'Go to top' });
    await expect(goToTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(goToTop).toBeVisible();
    await goToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(goToTop).toBeHidden();
  });

  test('the folded navigation closes on a click elsewhere', async ({ page }) => {
    await signInTo(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const folded = page.getByRole('navigation', { name: 'Main navigation' }).last();
    await expect(folded.getByRole('link', { name: 'Home' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(folded.getByRole('link', { name: 'Home' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  });
});

test('open menus close on a click elsewhere', async ({ page, request }) => {
  const api = await apiSignIn(request);
  const [newest] = await listForms(request, api);
  await signInTo(page);

  await page.getByRole('button', { name: `Action for form ${newest!.barcode}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Form Status' })).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Refund Forms' }).click();
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: /User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Refund Forms' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page).toHaveURL(/#\/$/);
});
