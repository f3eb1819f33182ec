import { expect, test } from '@playwright/test';
import { createRetailer, resetLinkFor, signIn } from './support.ts';

test('a user who forgot the password resets it from the e-mailed link and signs in', async ({
  page,
}) => {
  const account = await createRetailer();
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/#\/forgotPassword$/);
  await expect(page.getByText('Powered by')).toBeVisible();

  await page.getByLabel('Account No').fill(account.accountNo);
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(
    page.getByText(
      'Password reset successfully. Please check your email and click on the reset password link before it expires',
    ),
  ).toBeVisible();

  const link = await resetLinkFor(account.email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel('Account No').fill(account.accountNo);
  await page.getByLabel('New password').fill('reset-secret-9');
  await page.getByLabel('Confirm password').fill('reset-secret-8');
  await expect(page.getByText('Confirm Password & New Password should be same')).toBeVisible();
  await page.getByLabel('Confirm password').fill('reset-secret-9');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByText('Password has been changed successfully. Please use your new password to login'),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  // The password was chosen by its owner: no change is asked for at the next sign-in.
  await signIn(page, { ...account, password: 'reset-secret-9' });
  await expect(page).toHaveURL(/#\/$/);

  // The link works once.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(
    page.getByText('The reset link is invalid or has expired. Please ask for a new one.'),
  ).toBeVisible();
});

test('an invalid reset link says so and leaves the screen', async ({ page }) => {
  await page.goto('/#/resetPassword?token=not-a-real-token');
  await expect(
    page.getByText('The reset link is invalid or has expired. Please ask for a new one.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});
