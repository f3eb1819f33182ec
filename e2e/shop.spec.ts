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

async function openShopPanel(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Shop information' }).click();
  await expect(page).toHaveURL(/#\/shopUpdate$/);
  const panel = page.getByRole('dialog', { name: 'Shop information' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Shop name')).toBeVisible();
  return panel;
}

test('a clerk edits the shop with a logo, categories and a map click, and finds it kept', async ({
  page,
}) => {
  // No tile server is reachable here: the map must work without its pictures.
  const account = await createRetailer();
  await signInFirstTime(page, account);
  const panel = await openShopPanel(page);

  const map = panel.locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(panel.getByText('No location chosen yet')).toBeVisible();
  await expectAccessible(page, 'shop panel');

  // SPEC 5: a name is required, a website must be an address.
  await panel.getByLabel('Shop name').fill('');
  await expect(panel.getByText('Shop name is required')).toBeVisible();
  await panel.getByLabel('Website').fill('not a website');
  await expect(panel.getByText(/Please enter a valid web address/)).toBeVisible();
  await expectAccessible(page, 'shop panel with errors');

  await panel.locator('input[type="file"]').setInputFiles(LOGO);
  await expect(panel.getByRole('img', { name: 'Shop logo' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Remove image' })).toBeVisible();

  await panel.getByLabel('Shop name').fill('Galerija Riva');
  // People type the address without its scheme; it is completed on leaving the box.
  await panel.getByLabel('Website').fill('www.galerija-riva.example');
  await panel.getByLabel('Description').click();
  await expect(panel.getByLabel('Website')).toHaveValue('https://www.galerija-riva.example');
  await panel.getByLabel('Description').fill('Fashion and leather goods on the waterfront.');

  const categories = panel.getByRole('combobox', { name: 'Product categories' });
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
  const marker = panel.getByRole('button', { name: 'Shop location (drag to move)' });
  await expect(marker).toBeVisible();
  const latitude = await panel.getByLabel('Latitude').inputValue();
  const longitude = await panel.getByLabel('Longitude').inputValue();
  expect(Number(latitude)).toBeGreaterThan(25);
  expect(Number(longitude)).toBeGreaterThan(51);

  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Shop information updated successfully')).toBeVisible();
  await expect(panel).toBeHidden();

  // After a reload the panel shows everything as it was saved.
  await page.goto('/#/shopUpdate');
  await page.reload();
  const saved = page.getByRole('dialog', { name: 'Shop information' });
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
  await expectAccessible(page, 'shop panel with a saved location');
});

test('the marker follows coordinates typed by hand and can be removed', async ({ page }) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  const panel = await openShopPanel(page);

  await panel.getByLabel('Latitude').fill('45.815');
  await panel.getByLabel('Latitude').press('Enter');
  await expect(panel.getByRole('button', { name: 'Shop location (drag to move)' })).toBeVisible();
  await expect(panel.getByLabel('Longitude')).toHaveValue('51');
  await panel.getByLabel('Longitude').fill('15.982');
  await panel.getByLabel('Longitude').blur();
  await expect(panel.getByLabel('Longitude')).toHaveValue('15.982');

  await panel.getByRole('button', { name: 'Remove location' }).click();
  await expect(panel.getByText('No location chosen yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Shop location (drag to move)' })).toHaveCount(0);
});
