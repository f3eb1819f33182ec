import { expect, test } from '@playwright/test';
import { createRetailer, DEMO, expectAccessible, resetLinkFor, signIn } from './support.ts';

for (const language of ['en', 'hr']) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto('/#/login');
      await page.evaluate((l) => localStorage.setItem('vue-lang', l), language);
    });

    test('signed-out screens', async ({ page }) => {
      await page.goto('/#/login');
      await page.locator('input[name="accountno"]').waitFor();
      await expectAccessible(page, 'login');
      // With field errors shown.
      await page.locator('input[name="accountno"]').fill('1');
      await page.locator('input[name="accountno"]').fill('');
      await expectAccessible(page, 'login with errors');
      await page.goto('/#/forgotPassword');
      await page.locator('input[name="email"]').waitFor();
      await expectAccessible(page, 'forgot password');
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
      await signIn(page, account);
      await expect(page).toHaveURL(/#\/changePassword$/);
      await page.locator('input[name="oldPassword"]').waitFor();
      await expectAccessible(page, 'change password');
    });

    test('signed-in shell, user menu and the folded navigation', async ({ page }) => {
      await page.goto('/#/login');
      await page.locator('input[name="accountno"]').fill(DEMO.accountNo);
      await page.locator('input[name="username"]').fill(DEMO.username);
      await page.locator('input[name="password"]').fill(DEMO.password);
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/#\/$/);
      await page.locator('main h1, main h2').first().waitFor();
      await expectAccessible(page, 'refund form list');
      await page.goto('/#/home');
      await page.locator('main h1, main h2').first().waitFor();
      await expectAccessible(page, 'home');
      await page.locator('header button[aria-haspopup]').first().click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'user menu');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('header button[aria-controls]').click();
      await expectAccessible(page, 'folded navigation (phone)');
    });
  });
}
