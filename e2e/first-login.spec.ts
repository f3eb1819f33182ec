import { expect, test } from '@playwright/test';
import { createRetailer, signIn } from './support.ts';

test('a user created by an operator must change the password at first login', async ({ page }) => {
  const account = await createRetailer();
  await signIn(page, account);
  await expect(page).toHaveURL(/#\/changePassword$/);

  // The protected screens stay out of reach until the password is changed.
  await page.goto('/#/refundForms');
  await expect(page).toHaveURL(/#\/changePassword$/);

  await page.getByLabel('Old password').fill(account.password);
  await page.getByLabel('New password').fill('my-own-secret-1');
  await page.getByLabel('Confirm password').fill('my-own-secret-2');
  await expect(page.getByText('Confirm Password & New Password should be same')).toBeVisible();
  await page.getByLabel('Confirm password').fill('my-own-secret-1');
  await expect(page.getByText('Confirm Password & New Password should be same')).toBeHidden();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signIn(page, { ...account, password: 'my-own-secret-1' });
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'Refund Forms' })).toBeVisible();
});
