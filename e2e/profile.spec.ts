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

/** Opens the Profile page from the user menu; answers its content (the main landmark). */
async function openProfilePage(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/#\/profile/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return page.getByRole('main');
}

test('a clerk edits the profile with a new picture and sees it in the user menu', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);

  const content = await openProfilePage(page);
  await expect(content.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(content.getByLabel('Name')).not.toHaveValue('');
  await expectAccessible(page, 'profile page');

  // The rules of SPEC 5, as the clerk types.
  await content.getByLabel('Email').fill('not-an-address');
  await expect(content.getByText('Please enter a valid email address')).toBeVisible();
  await content.getByLabel('Mobile').fill('0');
  await content.getByLabel('Mobile').fill('');
  await expect(content.getByText('Mobile number is required')).toBeVisible();
  await expectAccessible(page, 'profile page with errors');

  await content.getByLabel('Name').fill('Ana Kovač');
  await content.getByLabel('Email').fill(`ana.${account.username}@shop.example`);
  await content.getByLabel('Mobile').fill('+385 91 234 5678');
  await content.locator('input[type="file"]').setInputFiles(PICTURE);
  await expect(content.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await expect(content.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await content.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  // Back on the screen the page was opened from.
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();

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

  // The page opens with what was saved.
  const again = await openProfilePage(page);
  await expect(again.getByLabel('Name')).toHaveValue('Ana Kovač');
  await expect(again.getByLabel('Mobile')).toHaveValue('+385 91 234 5678');
  await expect(again.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
});

test('a clerk changes the password from the profile page and signs in with it', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);

  const content = await openProfilePage(page);
  await content.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/#\/profile\?tab=password$/);
  await expectAccessible(page, 'change password tab');

  // A wrong old password is refused by the server, and said so in the alert.
  await content.getByLabel('Old password').fill('not-my-password');
  await content.getByLabel('New password').fill('a-better-secret-1');
  await content.getByLabel('Confirm password').fill('a-better-secret-2');
  await expect(content.getByText('Confirm Password & New Password should be same')).toBeVisible();
  await content.getByLabel('Confirm password').fill('a-better-secret-1');
  await content.getByRole('button', { name: 'Update' }).click();
  await expect(content.getByRole('alert')).toContainText('The password could not be changed');
  await expectAccessible(page, 'change password tab with its alert');

  await content.getByLabel('Old password').fill(account.password);
  await content.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);

  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await signIn(page, { ...account, password: 'a-better-secret-1' });
  await expect(page).toHaveURL(/#\/$/);
  await expect(userMenu(page)).toBeVisible();
});

test('the profile page opens from its address, its tab too, and Back leaves it', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  await page.goto('/#/profile?tab=password');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Change Password', selected: true })).toBeVisible();
  // A tab replaces the page's entry: Back leaves the page, it does not step through its tabs.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/#\/profile$/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
});
