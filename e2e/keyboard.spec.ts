import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, DEMO, listForms, expectSaved, handOverPrintedForm } from './support.ts';

/*
 * Keyboard only: every step below is a key press or typed text through `page.keyboard`; nothing is
 * clicked or filled. Checks on where the focus is read the page, they do not move anything.
 */

const isFocused = (target: Locator) =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`,
  ).toBeFocused();
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a select, opens it from the keyboard and picks the option whose name is typed or chosen. */
async function pick(page: Page, select: Locator, option: string, { search = false } = {}) {
  await tabTo(page, select);
  if (search) await page.keyboard.type(option);
  else await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox').filter({ visible: true });
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option, exact: true });
  for (let presses = 0; presses < 20; presses += 1) {
    if ((await wanted.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(option);
}

async function signInByKeyboard(page: Page) {
  await page.goto('/#/login');
  const accountNo = page.getByRole('textbox', { name: /Account No/ });
  await typeInto(page, accountNo, DEMO.accountNo);
  await typeInto(page, page.getByRole('textbox', { name: /Username/ }), DEMO.username);
  await typeInto(page, page.getByRole('textbox', { name: /^Password/ }), DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
}

test('a clerk signs in and issues a complete form with the keyboard alone, then finds it', async ({
  page,
  context,
}) => {
  test.slow();
  await signInByKeyboard(page);

  const issueButton = page.getByRole('button', { name: 'Issue Form' });
  await tabTo(page, issueButton);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  // Its code, settings and countries load with the first opening.
  await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused({
    timeout: 30_000,
  });

  const field = (name: string) => drawer.getByRole('textbox', { name: new RegExp(`^${name}`) });
  const select = (name: string) => drawer.getByRole('combobox', { name: new RegExp(`^${name}`) });
  const surname = `Keyboard${Date.now().toString(36)}`;
  await typeInto(page, field('Name'), 'Ivana');
  await typeInto(page, field('Surname'), surname);
  await typeInto(page, field('Passport number'), `K${Date.now()}`);
  await pick(page, select('Nationality'), 'Serbia', { search: true });
  await typeInto(page, field('E-mail'), 'ivana@example.com');
  await typeInto(page, field('Mobile'), '+381 64 1234567');
  await typeInto(page, field('Address'), 'Knez Mihailova 1, Beograd');
  await typeInto(page, field('Purchase details'), 'Leather jacket');
  await pick(page, select('Refund method'), 'Credit/Debit Card');
  await typeInto(page, field('Credit card number'), '4111 1111 1111 1111');
  await expect(drawer.locator('[data-card-type="visa"]')).toBeVisible();
  // Shift+Tab goes back to the refund method; Tab then passes the card number again.
  await page.keyboard.press('Shift+Tab');
  await expect(select('Refund method')).toBeFocused();
  await typeInto(page, field('Invoice reference number'), `R-${surname}`);
  const gross = drawer.getByRole('textbox', { name: 'Gross amount, line 1' });
  await tabTo(page, gross);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('250.00');
  await expect(drawer.getByTestId('total-refund')).not.toHaveText('0.00 EUR');

  const issue = drawer.getByRole('button', { name: 'Issue Form' });
  await tabTo(page, issue);
  const printed = context.waitForEvent('page');
  await page.keyboard.press('Space');
  // The result: Enter would go on to the next traveller; Escape goes back to the list.
  await expectSaved(drawer);
  await handOverPrintedForm(page, printed);
  await expect(drawer.getByRole('button', { name: /^Next traveller/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The focus is back on the button that opened the drawer.
  await expect(issueButton).toBeFocused();

  // The search box comes before the button: Shift+Tab reaches it.
  const search = page.getByRole('searchbox', { name: 'Search forms' });
  await tabTo(page, search, { backwards: true });
  await page.keyboard.type(surname);
  const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(surname);
  await expect(rows.first()).toContainText('250.00 EUR');
});

test.describe('focus moves into each panel and back to what opened it', () => {
  test.beforeEach(async ({ page }) => {
    test.slow();
    await signInByKeyboard(page);
  });

  /** Opens a panel with Enter on `opener`, checks focus is inside, closes it, checks focus is back. */
  async function roundTrip(
    page: Page,
    opener: Locator,
    panel: Locator,
    open: () => Promise<void>,
    close: 'Escape' | 'close button',
    /** What has the focus once the panel is drawn whole (the issue form's scan box). */
    ready?: Locator,
  ) {
    await tabTo(page, opener);
    await open();
    await expect(panel).toBeVisible();
    // The first opening of a panel loads its code and data: slow on a busy machine.
    await expect
      .poll(() => isFocused(panel), { message: 'focus moved into the panel', timeout: 30_000 })
      .toBe(true);
    if (ready) await expect(ready).toBeFocused({ timeout: 30_000 });
    if (close === 'Escape') {
      await page.keyboard.press('Escape');
    } else {
      await tabTo(page, panel.getByRole('button', { name: 'Close' }), { backwards: true });
      await page.keyboard.press('Enter');
    }
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  }

  test('the issue drawer and the Form Status and Cancel panels', async ({ page }) => {
    const issueButton = page.getByRole('button', { name: 'Issue Form' });
    const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
    const enter = () => page.keyboard.press('Enter');
    const scanBox = drawer.getByRole('textbox', { name: /Scan passport/ });
    await roundTrip(page, issueButton, drawer, enter, 'Escape', scanBox);
    await roundTrip(page, issueButton, drawer, enter, 'close button', scanBox);

    // A cancellable form, so the Action menu offers both panels.
    const session = await apiSignIn(page.request);
    const form = (await listForms(page.request, session)).find(
      (f) => f.cancelled === '0' && f.ilr === 1,
    )!;
    await tabTo(page, page.getByRole('searchbox', { name: 'Search forms' }), { backwards: true });
    await page.keyboard.type(form.barcode);
    await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
    const action = page.getByRole('button', { name: `Action for form ${form.barcode}` });
    const viaMenu = (item: string) => async () => {
      await page.keyboard.press('Enter');
      const menuItem = page.getByRole('menuitem', { name: item });
      await expect(menuItem).toBeVisible();
      while (!(await isFocused(menuItem))) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    const status = page.getByRole('dialog', { name: /Form Status/ });
    await roundTrip(page, action, status, viaMenu('Form Status'), 'Escape');
    await roundTrip(page, action, status, viaMenu('Form Status'), 'close button');
    const cancel = page.getByRole('dialog', { name: /Cancel TFS Form/ });
    await roundTrip(page, action, cancel, viaMenu('Cancel'), 'Escape');
    await roundTrip(page, action, cancel, viaMenu('Cancel'), 'close button');
  });

  test('the issue drawer closed before its form is drawn', async ({ page }) => {
    // A slow tablet: the form's data has come, and Escape is pressed while the form is being drawn.
    await page.reload();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/taxforms/countries', async (route) => {
      await held;
      await route.continue();
    });
    const issueButton = page.getByRole('button', { name: 'Issue Form' });
    await issueButton.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
    await tabTo(page, issueButton);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(drawer), { timeout: 30_000 }).toBe(true);
    const answered = page.waitForResponse('**/taxforms/countries');
    release();
    await answered;
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Once the late form has come and gone, the focus is still on the button that opened it.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="dialog"]')).toHaveCount(0, { timeout: 30_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(issueButton).toBeFocused();
  });

  test('the promotion and gallery panels', async ({ page }) => {
    const enter = () => page.keyboard.press('Enter');
    await page.goto('/#/promoList');
    const promotions = page.getByRole('list', { name: 'Promotion list' });
    await expect(promotions.getByRole('article').first()).toBeVisible();
    await roundTrip(
      page,
      page.getByRole('button', { name: 'Add Promotion' }),
      page.getByRole('dialog', { name: 'Add Promotion' }),
      enter,
      'Escape',
    );
    await roundTrip(
      page,
      promotions.getByRole('button', { name: /^Edit promotion/ }).first(),
      page.getByRole('dialog', { name: 'Edit Promotion' }),
      enter,
      'close button',
    );

    await page.goto('/#/gallery');
    const gallery = page.getByRole('list', { name: 'Gallery images' });
    await expect(gallery.getByRole('article').first()).toBeVisible();
    await roundTrip(
      page,
      page.getByRole('button', { name: 'Add Image' }),
      page.getByRole('dialog', { name: 'Add Image' }),
      enter,
      'close button',
    );
    await roundTrip(
      page,
      gallery.getByRole('button', { name: /^Edit image/ }).first(),
      page.getByRole('dialog', { name: 'Edit Image' }),
      enter,
      'Escape',
    );
  });
});

test('the profile and shop pages, through the user menu and the top bar', async ({ page }) => {
  test.slow();
  await signInByKeyboard(page);
  /** Opens the menu of the focused button with Enter and chooses `item` with the arrow keys. */
  const choose = async (item: string) => {
    await page.keyboard.press('Enter');
    const menuItem = page.getByRole('menuitem', { name: item });
    await expect(menuItem).toBeVisible();
    while (!(await isFocused(menuItem))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  };

  const userMenu = page.getByRole('button', { name: /User menu/ });
  await tabTo(page, userMenu);
  await choose('Edit Profile');
  await expect(page).toHaveURL(/#\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  // The menu's button keeps the focus; the page's tabs and fields follow it.
  await expect(userMenu).toBeFocused();
  await tabTo(page, page.getByRole('tab', { name: 'Profile', selected: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Change Password', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/#\/profile\?tab=password$/);
  await tabTo(page, page.getByLabel('Old password'));

  const yourShop = page
    .getByRole('navigation', { name: 'Main navigation' })
    .first()
    .getByRole('button', { name: 'Your shop' });
  await tabTo(page, yourShop, { backwards: true });
  await choose('Shop information');
  await expect(page).toHaveURL(/#\/shopUpdate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop information' })).toBeVisible();
  await expect(yourShop).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: /^Shop name/ }));
});
