import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  createRetailer,
  expectSaved,
  expectToastAfter,
  handOverPrintedForm,
  signIn,
  signInFirstTime,
} from './support.ts';

/*
 * A shop with a team: its manager opens a second branch and adds a clerk there; the clerk signs in,
 * chooses its own password, issues a form in its branch and finds the staff screen closed to it;
 * the manager finds the form among the forms of all branches, with the clerk's name on it and in
 * its history.
 */

async function signOut(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** Picks an option of a Mantine Select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a manager adds a clerk to a second branch; the clerk issues there; the manager sees it all', async ({
  page,
}) => {
  test.slow();
  const manager = await signInFirstTime(page, await createRetailer('HR'));
  const suffix = manager.username.replace(/\D/g, '');
  const clerk = {
    accountNo: manager.accountNo,
    username: `ana${suffix}`,
    name: `Ana Kovač ${suffix}`,
    password: `Riva-first-${suffix}`,
  };

  // The staff screen, under Your shop.
  await page.getByRole('button', { name: 'Your shop' }).click();
  await page.getByRole('menuitem', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  // A second branch.
  await page.getByRole('button', { name: 'Add a branch' }).click();
  const branchPanel = page.getByRole('dialog', { name: 'Add a branch' });
  await branchPanel.getByRole('textbox', { name: /^Branch name/ }).fill('Riva Split');
  await expectToastAfter(page, 'Branch added', () =>
    branchPanel.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(page.getByRole('table', { name: 'Branches of your company' })).toContainText(
    'Riva Split',
  );

  // A clerk of that branch, with a first password.
  await page.getByRole('button', { name: 'Add a user' }).click();
  const userPanel = page.getByRole('dialog', { name: 'Add a user' });
  await userPanel.getByRole('textbox', { name: /^Username/ }).fill(clerk.username);
  await userPanel.getByRole('textbox', { name: /^Name/ }).fill(clerk.name);
  await userPanel.getByRole('textbox', { name: /^E-mail/ }).fill(`${clerk.username}@shop.example`);
  await userPanel.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'Clerk' });
  await userPanel.getByRole('combobox', { name: /^Branch/ }).selectOption({ label: 'Riva Split' });
  await userPanel.getByLabel(/^First password/).fill(clerk.password);
  await expectToastAfter(page, 'User added', () =>
    userPanel.getByRole('button', { name: 'Save' }).click(),
  );
  const row = page.getByRole('row').filter({ hasText: clerk.username });
  await expect(row).toContainText('Clerk');
  await expect(row).toContainText('Riva Split');
  await signOut(page);

  // The clerk: a first sign-in asks for its own password, then the counter of its branch.
  await signInFirstTime(page, { ...clerk, email: '' });
  await expect(page.getByRole('button', { name: 'Your shop' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  const surname = `Staffjourney${suffix}`;
  await drawer.getByRole('textbox', { name: /^Name/ }).fill('Mei');
  await drawer.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await drawer.getByRole('textbox', { name: /^Passport number/ }).fill(`E${suffix}1`);
  await drawer.getByRole('textbox', { name: /^Mobile/ }).fill('+381 64 1234567');
  await drawer.getByRole('textbox', { name: /^Address/ }).fill('Knez Mihailova 1, Beograd');
  await choose(page, /^Nationality/, 'Serbia');
  await drawer.getByRole('textbox', { name: /^Purchase details/ }).fill('Silk scarf');
  await choose(page, /^Refund method/, 'Cash');
  await drawer.getByRole('textbox', { name: /^Invoice reference number/ }).fill(`R-${suffix}`);
  await drawer.getByRole('textbox', { name: 'Gross amount, line 1' }).fill('250.00');
  const printed = page.context().waitForEvent('page');
  await drawer.getByRole('button', { name: 'Issue Form' }).click();
  const barcode = (await expectSaved(drawer)).trim();
  await handOverPrintedForm(page, printed);
  await page.keyboard.press('Escape');

  // The staff screen is a manager's.
  await page.goto('/#/staff');
  await expect(
    page.getByText('Only a manager may see and change the staff and the branches.'),
  ).toBeVisible();
  // So are the shop's information, promotions and gallery, told before anything is typed.
  for (const [address, title] of [
    ['/#/shopUpdate', 'Shop information'],
    ['/#/promoList', 'Promotions'],
    ['/#/gallery', 'Gallery'],
  ]) {
    await page.goto(address!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('For managers only')).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^(Update|Add Promotion|Add Image)$/ }),
    ).toHaveCount(0);
  }
  await signOut(page);

  // The manager: the form among all branches', named by its branch and its clerk.
  await signIn(page, manager);
  await page.getByRole('button', { name: 'Reports' }).click();
  await page.getByRole('menuitem', { name: 'All branches' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forms of all branches' }),
  ).toBeVisible();
  const listed = page.getByRole('row').filter({ hasText: barcode });
  await expect(listed).toContainText('Riva Split');
  await expect(listed).toContainText(clerk.name);
  await expect(listed).toContainText(surname);

  // The export of all branches holds the form, its clerk and its branch.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tax-forms-all-branches-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/,Issued by,Branch$/);
  expect(lines.find((line) => line.startsWith(barcode))).toMatch(
    new RegExp(`,${clerk.name},Riva Split$`),
  );

  // Open: the manager moves to the form's branch, and its history names the clerk.
  await listed.getByRole('button', { name: `Open form ${barcode} in its branch` }).click();
  const status = page.getByRole('dialog', { name: new RegExp(`Form Status.*${barcode}`) });
  await expect(status).toBeVisible();
  await expect(status.getByText(`Recorded by ${clerk.name}`)).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: 'Branch' }).first().locator('option:checked'),
  ).toHaveText('Riva Split');
});
