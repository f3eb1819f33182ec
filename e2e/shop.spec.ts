import { expect, test, type Page } from '@playwright/test';
import { createRetailer, expectAccessible, signInFirstTime } from './support.ts';

/** A small real PNG (32×32, one colour): the server accepts only pictures decided by their bytes. */
const LOGO = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4oWFDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAOaSsD0WCix+AAAAAElFTkSuQmCC',
    'base64',
  ),
};

/** Opens the Shop information page from the top bar; answers its content (the main landmark). */
async function openShopPage(page: Page) {
  const bar = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await bar.getByRole('button', { name: 'Your shop' }).click();
  await page.getByRole('menuitem', { name: 'Shop information' }).click();
  await expect(page).toHaveURL(/#\/shopUpdate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop information' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const content = page.getByRole('main');
  await expect(content.getByLabel('Shop name')).toBeVisible();
  return content;
}

test('a clerk edits the shop with a logo, categories and a map click, and finds it kept', async ({
  page,
}) => {
  // No tile server is reachable here: the map must work without its pictures.
  const account = await createRetailer();
  await signInFirstTime(page, account);
  const content = await openShopPage(page);

  const map = content.locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(content.getByText('No location chosen yet')).toBeVisible();
  await expectAccessible(page, 'shop page');

  // SPEC 5: a name is required, a website must be an address.
  await content.getByLabel('Shop name').fill('');
  await expect(content.getByText('Shop name is required')).toBeVisible();
  await content.getByLabel('Website').fill('not a website');
  await expect(content.getByText(/Please enter a valid web address/)).toBeVisible();
  await expectAccessible(page, 'shop page with errors');

  await content.locator('input[type="file"]').setInputFiles(LOGO);
  await expect(content.getByRole('img', { name: 'Shop logo' })).toBeVisible();
  await expect(content.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await content.getByLabel('Shop name').fill('Galerija Riva');
  // People type the address without its scheme; it is completed on leaving the box.
  await content.getByLabel('Website').fill('www.galerija-riva.example');
  await content.getByLabel('Description').click();
  await expect(content.getByLabel('Website')).toHaveValue('https://www.galerija-riva.example');
  await content.getByLabel('Description').fill('Fashion and leather goods on the waterfront.');

  const categories = content.getByRole('combobox', { name: 'Product categories' });
  await categories.click();
  await page.getByRole('option', { name: 'Leather goods' }).click();
  await categories.fill('Sho');
  await page.getByRole('option', { name: 'Shoes' }).click();
  await page.keyboard.press('Escape');

  // A click on the map places the marker and fills in its coordinates.
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no size');
  // North-east of the centre (latitude 25, longitude 51).
  await map.click({ position: { x: box.width * 0.7, y: box.height * 0.4 } });
  const marker = content.getByRole('button', { name: 'Shop location (drag to move)' });
  await expect(marker).toBeVisible();
  const latitude = await content.getByLabel('Latitude').inputValue();
  const longitude = await content.getByLabel('Longitude').inputValue();
  expect(Number(latitude)).toBeGreaterThan(25);
  expect(Number(longitude)).toBeGreaterThan(51);

  await content.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Shop information updated successfully')).toBeVisible();
  // Back on the screen the page was opened from.
  await expect(page).toHaveURL(/#\/$/);

  // After a reload the page shows everything as it was saved.
  await page.goto('/#/shopUpdate');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop information' })).toBeVisible();
  const saved = page.getByRole('main');
  await expect(saved.getByLabel('Shop name')).toHaveValue('Galerija Riva');
  await expect(saved.getByLabel('Website')).toHaveValue('https://www.galerija-riva.example');
  await expect(saved.getByLabel('Description')).toHaveValue(
    'Fashion and leather goods on the waterfront.',
  );
  await expect(saved.getByText('Leather goods', { exact: true })).toBeVisible();
  await expect(saved.getByText('Shoes', { exact: true })).toBeVisible();
  await expect(saved.getByRole('img', { name: 'Shop logo' })).toHaveAttribute('src', /\/uploads\//);
  await expect(saved.getByRole('button', { name: 'Shop location (drag to move)' })).toBeVisible();
  await expect(saved.getByLabel('Latitude')).toHaveValue(latitude);
  await expect(saved.getByLabel('Longitude')).toHaveValue(longitude);
  await expectAccessible(page, 'shop page with a saved location');
});

test('the marker follows coordinates typed by hand and can be removed', async ({ page }) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  const content = await openShopPage(page);

  await content.getByLabel('Latitude').fill('45.815');
  await content.getByLabel('Latitude').press('Enter');
  await expect(content.getByRole('button', { name: 'Shop location (drag to move)' })).toBeVisible();
  await expect(content.getByLabel('Longitude')).toHaveValue('51');
  await content.getByLabel('Longitude').fill('15.982');
  await content.getByLabel('Longitude').blur();
  await expect(content.getByLabel('Longitude')).toHaveValue('15.982');

  await content.getByRole('button', { name: 'Remove location' }).click();
  await expect(content.getByText('No location chosen yet')).toBeVisible();
  await expect(content.getByRole('button', { name: 'Shop location (drag to move)' })).toHaveCount(
    0,
  );
});
