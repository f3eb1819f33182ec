import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiSignIn,
  createRetailer,
  expectAccessible,
  listForms,
  preferLanguage,
  resetLinkFor,
  signInTo,
  labelled,
  startsWith,
  words,
  type Language,
} from './support.ts';

/** Picks an option of a Mantine Select. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

for (const language of ['en', 'hr'] as const satisfies Language[]) {
  const t = words(language);

  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      // Long journeys, each screen checked with axe: three times the usual time on a busy machine.
      test.slow();
      await preferLanguage(page, language);
    });

    test('signed-out screens', async ({ page }) => {
      await page.goto('/#/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.locator('input[name="accountno"]').waitFor();
      await expectAccessible(page, 'login');
      // With the field errors shown, and the server's alert.
      await page.locator('input[name="accountno"]').fill('1');
      await page.locator('input[name="accountno"]').fill('');
      await page.locator('input[name="username"]').fill('x');
      await page.locator('input[name="username"]').fill('');
      await expect(page.locator('[aria-invalid="true"]:visible')).toHaveCount(2);
      await expectAccessible(page, 'login with errors');
      await page.locator('input[name="accountno"]').fill('999999');
      await page.locator('input[name="username"]').fill('nobody');
      await page.locator('input[name="password"]').fill('not-a-password');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, 'login with the server alert');

      await page.goto('/#/forgotPassword');
      await page.locator('input[name="email"]').waitFor();
      await expectAccessible(page, 'forgot password');
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]:visible')).toHaveCount(2);
      await expectAccessible(page, 'forgot password with errors');
    });

    test('reset and change password screens', async ({ page }) => {
      const account = await createRetailer();
      await page.goto('/#/forgotPassword');
      await page.locator('input[name="accountno"]').fill(account.accountNo);
      await page.locator('input[name="email"]').fill(account.email);
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/#\/login$/);
      const link = await resetLinkFor(account.email);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await page.locator('input[name="password"]').waitFor();
      await expectAccessible(page, 'reset password');

      await page.goto('/#/login');
      await page.locator('input[name="accountno"]').fill(account.accountNo);
      await page.locator('input[name="username"]').fill(account.username);
      await page.locator('input[name="password"]').fill(account.password);
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/#\/changePassword$/);
      await page.locator('input[name="oldPassword"]').waitFor();
      await expectAccessible(page, 'change password');
      await page.locator('input[name="password"]').fill('a-new-secret-1');
      await page.locator('input[name="confirmPassword"]').fill('a-new-secret-2');
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]:visible').first()).toBeVisible();
      await expectAccessible(page, 'change password with errors');
    });

    test('list, dashboard, reports, menus and the folded navigation', async ({ page }) => {
      await signInTo(page);
      await expect(page.getByRole('rowheader').first()).toBeVisible();
      await expectAccessible(page, 'refund form list');

      // The row's Action menu, drawn in the main landmark.
      await page
        .getByRole('button', { name: startsWith(t('refundForms.actions.menu', { barcode: '' })) })
        .first()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'action menu', { within: 'main' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      // The user menu, next to the language list, both in the banner.
      await page.getByRole('button', { name: t('user.menu') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'user and language menus');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await page.getByRole('searchbox', { name: t('refundForms.search.label') }).fill('zq9x7v');
      await expect(page.getByText(t('refundForms.empty'))).toBeVisible();
      await expectAccessible(page, 'refund form list, empty', { within: 'main' });

      // The bar's menus, in the navigation landmark.
      const bar = page.getByRole('navigation', { name: t('nav.main') }).first();
      await bar.getByRole('button', { name: t('nav.reports') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'the top bar with its Reports menu open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await page.goto('/#/home');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const today = page.getByRole('region', { name: t('dashboard.today') });
      await expect(today.getByRole('meter')).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expectAccessible(page, 'home dashboard');

      await page.goto('/#/formStats');
      await expect(
        page.getByRole('heading', { level: 1, name: t('pages.formStats') }),
      ).toBeVisible();
      await expect(page.locator('figure svg[role="img"]').first()).toBeVisible();
      await expectAccessible(page, 'form statistics');

      await page.goto('/#/taxformBreakdown');
      await expect(
        page.getByRole('heading', { level: 1, name: t('pages.taxformBreakdown') }),
      ).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectAccessible(page, 'tax form breakdown');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/#/');
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.getByRole('button', { name: t('nav.openMenu') }).click();
      const folded = page.getByRole('navigation', { name: t('nav.main') }).last();
      await expect(folded.getByRole('link', { name: t('nav.home') })).toBeVisible();
      await expect(folded.getByRole('link', { name: t('pages.gallery') })).toBeVisible();
      await expectAccessible(page, 'refund form cards and the folded navigation (phone)');
    });

    test('issue drawer: errors, each refund and shipment section, the confirmation, the page', async ({
      page,
    }) => {
      await signInTo(page);
      await page.getByRole('button', { name: t('refundForms.issueForm') }).click();
      const drawer = page.getByRole('dialog', { name: t('issueForm.titleNew') });
      // Its code, settings and countries load with the first opening.
      await expect(drawer.getByRole('textbox', { name: t('issueForm.scan.label') })).toBeFocused({
        timeout: 30_000,
      });
      await expectAccessible(page, 'issue drawer');

      const field = (key: string) =>
        drawer.getByRole('textbox', { name: labelled(t(`issueForm.fields.${key}`)) });
      const select = (key: string) =>
        drawer.getByRole('combobox', { name: labelled(t(`issueForm.fields.${key}`)) });
      const within = { within: '[role="dialog"]' };

      await drawer.getByRole('button', { name: t('issueForm.issue') }).click();
      await expect(drawer.locator('[aria-invalid="true"]:visible').first()).toBeVisible();
      await choose(page, select('shipment'), t('issueForm.shipmentMethods.freight'));
      await expect(field('freightName')).toBeVisible();
      await choose(page, select('refundMethod'), t('issueForm.refundMethods.option3'));
      await expect(field('refundEmail')).toBeVisible();
      await expectAccessible(page, 'issue drawer: errors, freight forwarder, PayPal', within);

      await choose(page, select('refundMethod'), t('issueForm.refundMethods.option6'));
      await expect(field('iban')).toBeVisible();
      await select('nationality').click();
      await expect(drawer.getByRole('listbox')).toBeVisible();
      await expectAccessible(page, 'issue drawer: bank transfer, country list open', within);
      await page.keyboard.press('Escape');
      await expect(drawer.getByRole('listbox')).toBeHidden();

      await choose(page, select('refundMethod'), t('issueForm.refundMethods.option2'));
      await field('cardNumber').fill('4111 1111 1111 1111');
      await expect(drawer.locator('[data-card-type="visa"]')).toBeVisible();
      await expectAccessible(page, 'issue drawer: card with its type', within);
      await field('cardNumber').fill('');

      // A complete form without a card number asks before saving it.
      await field('name').fill('Ana');
      await field('surname').fill('Accessible');
      await field('passport').fill(`A${Date.now()}`);
      await field('mobile').fill('+381 64 1234567');
      await field('address').fill('Knez Mihailova 1, Beograd');
      await choose(page, select('nationality'), language === 'en' ? 'Serbia' : 'Srbija');
      await field('items').fill('Winter coat');
      await field('freightName').fill('Cargo d.o.o.');
      await field('freightAddress').fill('Luka 1, Rijeka');
      await field('invoiceReference').fill(`R-${Date.now()}`);
      await drawer
        .getByRole('textbox', {
          name: t('issueForm.table.cellLabel', { column: t('issueForm.table.gross'), line: 1 }),
        })
        .fill('125.00');
      await drawer.getByRole('button', { name: t('issueForm.issue') }).click();
      const confirm = page.getByRole('dialog', { name: t('issueForm.emptyRefund.title') });
      await expect(confirm.getByText(t('issueForm.emptyRefund.card'))).toBeVisible();
      // Only the dialog, the rest was checked above: it closes itself after 20 s.
      await expectAccessible(page, 'empty refund details confirmation', {
        within: '.mantine-Modal-root',
      });
      await confirm.getByRole('button', { name: t('issueForm.emptyRefund.back') }).click();
      await expect(confirm).toBeHidden();

      // As a page, its lists open in the main landmark.
      await page.goto('/#/issueForm');
      await expect(
        page.getByRole('heading', { level: 1, name: t('pages.issueForm') }),
      ).toBeVisible();
      await page
        .getByRole('combobox', { name: startsWith(t('issueForm.fields.refundMethod')) })
        .click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expectAccessible(page, '/issueForm page, a list open');
    });

    test('status and cancel panels, profile page, shop page with its map', async ({ page }) => {
      const session = await apiSignIn(page.request);
      const form = (await listForms(page.request, session)).find(
        (f) => f.cancelled === '0' && f.ilr === 1,
      )!;
      await signInTo(page);
      const within = { within: '[role="dialog"]' };

      await page.goto(`/#/?form=${form.id}&panel=status`);
      const status = page.getByRole('dialog', { name: startsWith(t('formActions.status.title')) });
      await expect(status.getByLabel(t('formActions.status.stepsLabel'))).toBeVisible();
      await expect(status).toContainText(form.barcode);
      await expectAccessible(page, 'form status panel');

      await page.goto(`/#/?form=${form.id}&panel=cancel`);
      const cancel = page.getByRole('dialog', { name: startsWith(t('formActions.cancel.title')) });
      await expect(cancel).toContainText(form.barcode);
      await expectAccessible(page, 'cancel panel', within);
      await cancel
        .getByRole('combobox', { name: startsWith(t('formActions.cancel.reason')) })
        .selectOption({ index: 1 });
      await expect(
        cancel.getByRole('button', { name: t('formActions.cancel.submit') }),
      ).toBeEnabled();
      await expectAccessible(page, 'cancel panel with a reason', within);

      const inMain = { within: 'main' };
      await page.goto('/#/profile');
      await expect(page.getByRole('heading', { level: 1, name: t('profile.title') })).toBeVisible();
      const profile = page.getByRole('main');
      await expect(profile.getByLabel(t('profile.name'))).not.toHaveValue('');
      await expectAccessible(page, 'profile page');
      await profile.getByLabel(t('profile.email')).fill('not-an-address');
      await profile.getByLabel(t('profile.mobile')).fill('');
      await expect(profile.locator('[aria-invalid="true"]:visible')).toHaveCount(2);
      await expectAccessible(page, 'profile page with errors', inMain);
      await profile.getByRole('tab', { name: t('profile.tabs.password') }).click();
      await profile.locator('input[name="password"]').fill('one-secret');
      await profile.locator('input[name="confirmPassword"]').fill('another-secret');
      await profile.locator('input[name="confirmPassword"]').blur();
      await expect(profile.locator('[aria-invalid="true"]:visible').first()).toBeVisible();
      await expectAccessible(page, 'profile page, password tab with errors', inMain);

      await page.goto('/#/shopUpdate');
      await expect(
        page.getByRole('heading', { level: 1, name: t('pages.shopUpdate') }),
      ).toBeVisible();
      const shop = page.getByRole('main');
      await expect(shop.locator('.leaflet-container')).toBeVisible();
      await expect(shop.getByLabel(t('shop.name'))).not.toHaveValue('');
      await expectAccessible(page, 'shop page with its map');
      await shop.getByLabel(t('shop.name')).fill('');
      await shop.getByLabel(t('shop.website')).fill('not a website');
      await shop.getByRole('combobox', { name: t('shop.categories') }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(shop.locator('[aria-invalid="true"]:visible')).toHaveCount(2);
      await expectAccessible(page, 'shop page with errors, categories open');
    });

    test('promotions: screen, panel with its lists open, confirmation, empty state', async ({
      page,
    }) => {
      await signInTo(page);
      await page.goto('/#/promoList');
      const promotions = page.getByRole('list', { name: t('promotions.list') });
      await expect(promotions.getByRole('article').first()).toBeVisible();
      await promotions
        .getByRole('button', { name: t('actions.readMore') })
        .first()
        .click();
      await expect(promotions.getByRole('button', { name: t('actions.readLess') })).toBeVisible();
      await expectAccessible(page, 'promotions screen');

      await promotions
        .getByRole('article')
        .first()
        .getByRole('button', { name: startsWith(t('promotions.card.delete', { title: '' })) })
        .click();
      const confirm = page.getByRole('dialog', { name: t('confirm.title') });
      await expect(confirm.getByText(t('promotions.delete.message'))).toBeVisible();
      await expectAccessible(page, 'delete confirmation');
      await confirm.getByRole('button', { name: t('actions.no') }).click();
      await expect(confirm).toBeHidden();

      await page.getByRole('button', { name: t('promotions.add') }).click();
      const panel = page.getByRole('dialog', { name: t('promotions.panel.add') });
      await expect(panel.getByLabel(t('promotions.fields.title'))).toBeVisible();
      await expectAccessible(page, 'promotion panel');
      await panel.getByRole('button', { name: t('promotions.save') }).click();
      await expect(panel.locator('[aria-invalid="true"]:visible').first()).toBeVisible();
      // One list with a choice made, the other open; the time picker's hours list has the focus.
      await panel.getByRole('combobox', { name: t('promotions.fields.shoppingBehavior') }).click();
      await panel.getByRole('listbox').getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await expect(panel.getByRole('listbox')).toBeHidden();
      await panel
        .getByRole('combobox', { name: t('promotions.fields.targetedNationality') })
        .click();
      await expect(panel.getByRole('listbox')).toBeVisible();
      await expectAccessible(page, 'promotion panel: errors, a choice, a list open', {
        within: '[role="dialog"]',
      });
      await page.keyboard.press('Escape');
      await panel.getByRole('combobox', { name: t('promotions.time.hours') }).focus();
      await expectAccessible(page, 'promotion panel: time picker', { within: '[role="dialog"]' });

      await panel.getByRole('button', { name: t('actions.close') }).click();
      await expect(panel).toBeHidden();
      await page.getByRole('searchbox', { name: t('promotions.search.label') }).fill('zq9x7v');
      await expect(page.getByText(t('promotions.empty'))).toBeVisible();
      await expectAccessible(page, 'promotions screen, empty', { within: 'main' });
    });

    test('gallery: screen, panels, empty state', async ({ page }) => {
      await signInTo(page);
      await page.goto('/#/gallery');
      const gallery = page.getByRole('list', { name: t('gallery.list') });
      await expect(gallery.getByRole('article').first()).toBeVisible();
      await expectAccessible(page, 'gallery screen');
      await gallery
        .getByRole('article')
        .first()
        .getByRole('button', { name: startsWith(t('gallery.card.edit', { title: '' })) })
        .click();
      const editPanel = page.getByRole('dialog', { name: t('gallery.panel.edit') });
      await expect(editPanel.getByLabel(t('gallery.fields.title'))).not.toHaveValue('');
      await expectAccessible(page, 'gallery panel, edit');
      await editPanel.getByRole('button', { name: t('actions.close') }).click();
      await expect(editPanel).toBeHidden();
      await page.getByRole('button', { name: t('gallery.add') }).click();
      const addPanel = page.getByRole('dialog', { name: t('gallery.panel.add') });
      await addPanel.getByRole('button', { name: t('gallery.save') }).click();
      await expect(addPanel.locator('[aria-invalid="true"]:visible').first()).toBeVisible();
      await expectAccessible(page, 'gallery panel with errors', { within: '[role="dialog"]' });
      await addPanel.getByRole('button', { name: t('actions.close') }).click();
      await expect(addPanel).toBeHidden();
      await page.getByRole('searchbox', { name: t('gallery.search.label') }).fill('zq9x7v');
      await expect(page.getByText(t('gallery.empty'))).toBeVisible();
      await expectAccessible(page, 'gallery screen, empty', { within: 'main' });
    });
  });
}
