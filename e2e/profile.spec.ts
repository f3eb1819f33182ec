import { expect, test, type Page } from '@playwright/test';
import { createRetailer, expectAccessible, signIn, signInFirstTime } from './support.ts';

/** A small real PNG (32×32, one colour): the server accepts only pictures decided by their bytes. */
const PICTURE = {
  name: 'portrait.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4oWFDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAOaSsD0WCix+AAAAAElFTkSuQmCC',
    'base64',
  ),
};

function userMenu(page: Page) {
  return page.getByRole('button', { name: /User menu/ });
}

async function openProfilePanel(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/#\/profile/);
  const panel = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a clerk edits the profile with a new picture and sees it in the user menu', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);

  const panel = await openProfilePanel(page);
  await expect(panel.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(panel.getByLabel('Name')).not.toHaveValue('');
  await expectAccessible(page, 'profile panel');

  // The rules of SPEC 5, as the clerk types.
  await panel.getByLabel('Email').fill('not-an-address');
  await expect(panel.getByText('Please enter a valid email address')).toBeVisible();
  await panel.getByLabel('Mobile').fill('0');
  await panel.getByLabel('Mobile').fill('');
  await expect(panel.getByText('Mobile number is required')).toBeVisible();
  await expectAccessible(page, 'profile panel with errors');

  await panel.getByLabel('Name').fill('Ana Kovač');
  await panel.getByLabel('Email').fill(`ana.${account.username}@shop.example`);
  await panel.getByLabel('Mobile').fill('+385 91 234 5678');
  await panel.locator('input[type="file"]').setInputFiles(PICTURE);
  await expect(panel.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/#\/profile/);

  // The menu shows the new name and the uploaded picture, and still does after a reload.
  await expect(userMenu(page)).toHaveAccessibleName(/Ana Kovač/);
  const avatar = page.locator('header img[src*="/uploads/"]');
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.reload();
  await expect(userMenu(page)).toHaveAccessibleName(/Ana Kovač/);
  await expect(page.locator('header img[src*="/uploads/"]')).toBeVisible();

  // The panel opens with what was saved.
  const again = await openProfilePanel(page);
  await expect(again.getByLabel('Name')).toHaveValue('Ana Kovač');
  await expect(again.getByLabel('Mobile')).toHaveValue('+385 91 234 5678');
  await expect(again.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
});

test('a clerk changes the password from the profile panel and signs in with it', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);

  const panel = await openProfilePanel(page);
  await panel.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/#\/profile\?tab=password$/);
  await expectAccessible(page, 'change password tab');

  // A wrong old password is refused by the server, and said so in the alert.
  await panel.getByLabel('Old password').fill('not-my-password');
  await panel.getByLabel('New password').fill('a-better-secret-1');
  await panel.getByLabel('Confirm password').fill('a-better-secret-2');
  await expect(panel.getByText('Confirm Password & New Password should be same')).toBeVisible();
  await panel.getByLabel('Confirm password').fill('a-better-secret-1');
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(panel.getByRole('alert')).toContainText('The password could not be changed');
  await expectAccessible(page, 'change password tab with its alert');

  await panel.getByLabel('Old password').fill(account.password);
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(panel).toBeHidden();

  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await signIn(page, { ...account, password: 'a-better-secret-1' });
  await expect(page).toHaveURL(/#\/$/);
  await expect(userMenu(page)).toBeVisible();
});

test('the profile panel opens from its address and closes back to the start page', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  await page.goto('/#/profile');
  const panel = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/#\/$/);
});
