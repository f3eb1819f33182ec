import { expect, test, type Page } from '@playwright/test';
import { createRetailer, expectAccessible, expectToastAfter, signInFirstTime } from './support.ts';

/** A small real PNG (32×32, one colour): the server accepts only pictures decided by their bytes. */
const PHOTO = {
  name: 'shop-window.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4oWFDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAOaSsD0WCix+AAAAAElFTkSuQmCC',
    'base64',
  ),
};

const DESCRIPTION =
  'Our shop window on the main square, dressed for the winter season with coats, scarves and gloves from local makers.';

function card(page: Page, title: string) {
  return page.getByRole('list', { name: 'Gallery images' }).getByRole('article', { name: title });
}

test('a clerk adds, searches, reads, edits and deletes a gallery image', async ({ page }) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  await page.goto('/#/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();

  await expect(page.getByText('Images not found')).toBeVisible();
  await expect(page.getByText('Displaying 0 of 0 results')).toBeVisible();
  await expectAccessible(page, 'gallery screen, empty');

  await page.getByRole('button', { name: 'Add Image' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Image' });
  await expect(panel).toBeVisible();
  await expectAccessible(page, 'gallery panel');

  // Title and a real picture are required; the description is not.
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('This value is required.')).toBeVisible();
  await expect(panel.getByText('Title is required')).toBeVisible();
  await expectAccessible(page, 'gallery panel with errors');

  await panel.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(panel.getByRole('img', { name: 'Selected image' })).toBeVisible();
  await expect(panel.getByText('This value is required.')).toBeHidden();
  await panel.getByLabel('Title').fill('Shop window');

  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/gallery$/.test(request.url()),
  );
  await expectToastAfter(page, 'Image saved successfully', () =>
    panel.getByRole('button', { name: 'Save' }).click(),
  );
  const payload = (await created).postDataJSON() as { gallery: Record<string, unknown> };
  expect(payload.gallery).toMatchObject({ title: 'Shop window' });
  expect(payload.gallery.image).toMatch(/^[0-9a-f]{32}\.png$/);
  await expect(panel).toBeHidden();

  // Without a description the card shows none.
  const window = card(page, 'Shop window');
  await expect(window).toBeVisible();
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await expect(window.getByRole('button', { name: 'Read More' })).toHaveCount(0);
  const picture = window.locator('img');
  await expect(picture).toHaveAttribute('src', /\/uploads\/\d+\/\d+\/ushop\/[0-9a-f]{32}\.png$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(page.getByText('Image saved successfully')).toBeHidden();
  await expectAccessible(page, 'gallery screen with a card');

  // Update: add a long description, then read it whole.
  await window.getByRole('button', { name: 'Edit image Shop window' }).click();
  const editPanel = page.getByRole('dialog', { name: 'Edit Image' });
  await expect(editPanel.getByLabel('Title')).toHaveValue('Shop window');
  await expect(editPanel.getByRole('img', { name: 'Selected image' })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
  await editPanel.getByLabel('Title').fill('Winter shop window');
  await editPanel.getByLabel('Description').fill(DESCRIPTION);
  await expectToastAfter(page, 'Image saved successfully', () =>
    editPanel.getByRole('button', { name: 'Update' }).click(),
  );
  await expect(editPanel).toBeHidden();

  const winter = card(page, 'Winter shop window');
  await expect(winter).toBeVisible();
  await expect(winter.getByText(DESCRIPTION)).toBeHidden();
  await winter.getByRole('button', { name: 'Read More' }).click();
  await expect(winter.getByText(DESCRIPTION)).toBeVisible();
  await winter.getByRole('button', { name: 'Read Less' }).click();

  // Search.
  const search = page.getByRole('searchbox', { name: 'Search the gallery' });
  await search.fill('summer');
  await expect(page.getByText('Images not found')).toBeVisible();
  await search.fill('winter');
  await expect(winter).toBeVisible();
  await search.fill('');

  // Delete asks first.
  await expect(page.getByText('Image saved successfully')).toBeHidden();
  await winter.getByRole('button', { name: 'Delete image Winter shop window' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('Do you want to delete this image?')).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Image deleted successfully')).toBeVisible();
  await expect(page.getByText('Images not found')).toBeVisible();
});

test('a picture that is not an image is refused with the upload message', async ({ page }) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  await page.goto('/#/gallery?panel=new');
  const panel = page.getByRole('dialog', { name: 'Add Image' });
  await expect(panel).toBeVisible();

  // Named like a picture, but text: the server decides by the bytes.
  await panel.locator('input[type="file"]').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture'),
  });
  await expect(panel.getByRole('alert')).toHaveText(
    'File Upload Failed, Please check the allowed extensions for the files',
  );
  await expect(panel.getByRole('img', { name: 'No image chosen yet' })).toBeVisible();
});
