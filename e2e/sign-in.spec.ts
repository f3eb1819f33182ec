import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

test.describe('signing in', () => {
  test('shows each blank-field message as the user types', async ({ page }) => {
    await page.goto('/#/login');
    const accountNo = page.getByLabel('Account No');
    await accountNo.fill('1');
    await accountNo.fill('');
    await expect(page.getByText('Account No cannot be blank')).toBeVisible();
    await page.getByLabel('Username').fill('x');
    await page.getByLabel('Username').fill('');
    await expect(page.getByText('Username cannot be blank')).toBeVisible();
    await page.getByLabel(/^Password/).fill('y');
    await page.getByLabel(/^Password/).fill('');
    await expect(page.getByText('Password cannot be blank')).toBeVisible();
    await page.getByLabel('Account No').fill(DEMO.accountNo);
    await expect(page.getByText('Account No cannot be blank')).toBeHidden();
  });

  test('shows the server message inline for a wrong password', async ({ page }) => {
    await signIn(page, { ...DEMO, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText(
      'Invalid account number, username or password.',
    );
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('signs the demo user in to the refund form list with the top navigation', async ({
    page,
  }) => {
    await signIn(page, DEMO);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { name: 'Refund Forms' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Refund Forms' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Welcome Ana Kovačević, User menu' }),
    ).toBeVisible();

    const stored = await page.evaluate(() => ({
      authToken: localStorage.getItem('authToken'),
      companyId: localStorage.getItem('companyId'),
      branchId: localStorage.getItem('branchId'),
      account_no: localStorage.getItem('account_no'),
      product_rates: localStorage.getItem('product_rates'),
      ushopSetting: localStorage.getItem('ushopSetting'),
      retailerInfo: localStorage.getItem('retailerInfo'),
      tokenExpiry: localStorage.getItem('tokenExpiry'),
    }));
    expect(stored.authToken).toMatch(/^[\w-]{43}$/);
    expect(stored).toMatchObject({
      account_no: '100100',
      product_rates: '25,13,5',
      ushopSetting: 'true',
    });
    expect(JSON.parse(stored.retailerInfo!)).toMatchObject({ country: 'HR' });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
    expect(cookie?.value).toBe(stored.authToken);
  });

  test('logout ends the session on the server and clears everything stored', async ({
    page,
    request,
  }) => {
    await signIn(page, DEMO);
    await expect(page).toHaveURL(/#\/$/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    // Only the language and this device's id outlive a session.
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k !== 'vue-lang' && k !== 'deviceuid'),
    );
    expect(left).toEqual([]);
    expect((await page.context().cookies()).some((c) => c.name === 'authToken')).toBe(false);
    const reuse = await request.get(`/api/v2/companies/1/users/${userId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reuse.status()).toBe(401);
  });

  test('a protected route sends a signed-out visitor to the login', async ({ page }) => {
    for (const route of [
      '/#/',
      '/#/home',
      '/#/refundForms',
      '/#/promoList',
      '/#/gallery',
      '/#/profile',
    ]) {
      await page.goto(route);
      await expect(page).toHaveURL(/#\/login$/);
    }
  });

  test('says the session has expired when its cookie is gone', async ({ page }) => {
    await signIn(page, DEMO);
    await expect(page).toHaveURL(/#\/$/);
    await page.context().clearCookies();
    await expect(page.getByText('Your session has expired')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
