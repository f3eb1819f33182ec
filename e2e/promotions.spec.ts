import { expect, test, type Page, type Request } from '@playwright/test';
import { createRetailer, expectAccessible, expectToastAfter, signInFirstTime } from './support.ts';

/** A small real PNG (32×32, one colour): the server accepts only pictures decided by their bytes. */
const POSTER = {
  name: 'poster.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4oWFDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAOaSsD0WCix+AAAAAElFTkSuQmCC',
    'base64',
  ),
};

const DESCRIPTION =
  'Twenty percent off every summer dress, linen shirt and straw hat in the shop until the end of the month.';

function promotionsList(page: Page) {
  return page.getByRole('list', { name: 'Promotion list' });
}

function card(page: Page, title: string) {
  return promotionsList(page).getByRole('article', { name: title });
}

async function openPromotions(page: Page) {
  await page.goto('/#/promoList');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
}

/** The browser session's own token, to prepare data through the same API the screens use. */
async function sessionOf(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('authToken') ?? '',
    companyId: localStorage.getItem('companyId') ?? '',
    branchId: localStorage.getItem('branchId') ?? '',
  }));
}

test('a clerk adds, searches, reads, edits and deletes a promotion with a picture and a notification time', async ({
  page,
}) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  await openPromotions(page);

  // A new shop has none yet.
  await expect(page.getByText('Promotions not found')).toBeVisible();
  await expect(page.getByText('Displaying 0 of 0 results')).toBeVisible();
  await expectAccessible(page, 'promotions screen, empty');

  await page.getByRole('button', { name: 'Add Promotion' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Promotion' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/panel=new/);
  await expectAccessible(page, 'promotion panel');

  // Nothing is sent while the form is invalid; the placeholder picture does not count.
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('This value is required.')).toBeVisible();
  await expect(panel.getByText('Title is required')).toBeVisible();
  await expect(panel.getByText('Description is required')).toBeVisible();
  await expect(panel.getByText('Start date is required')).toBeVisible();
  await expect(panel.getByText('End date is required')).toBeVisible();
  await expect(panel.getByText('Notification date is required')).toBeVisible();
  await expectAccessible(page, 'promotion panel with errors');

  // The picture is uploaded as soon as it is picked, and previewed.
  await panel.locator('input[type="file"]').setInputFiles(POSTER);
  await expect(panel.getByRole('img', { name: 'Selected image' })).toBeVisible();
  await expect(panel.getByText('This value is required.')).toBeHidden();

  await panel.getByLabel('Offer Title').fill('Summer sale');
  await expect(panel.getByText('Title is required')).toBeHidden();
  await panel.getByLabel('Description').fill(DESCRIPTION);
  // Days typed day first, as the portal writes them in English.
  await panel.getByLabel('Start Date').fill('01/06/2026');
  // Validated as the clerk types: the end may not come before the start.
  await panel.getByLabel('End Date').fill('31/05/2026');
  await expect(panel.getByText('The end date cannot be before the start date')).toBeVisible();
  await panel.getByLabel('End Date').fill('30/06/2026');
  await expect(panel.getByText('The end date cannot be before the start date')).toBeHidden();
  await panel.getByLabel('Notification Schedule').fill('30/05/2026');
  await panel.getByRole('combobox', { name: 'Hours' }).selectOption('14');
  await panel.getByRole('combobox', { name: 'Minutes' }).selectOption('30');
  await panel.getByRole('combobox', { name: 'Seconds' }).selectOption('05');

  // The select boxes search as the clerk types, and say when nothing matches.
  const behaviour = panel.getByRole('combobox', { name: 'Shopping Behavior' });
  await behaviour.fill('zzz');
  await expect(page.getByText('No results found')).toBeVisible();
  await behaviour.fill('fam');
  await page.getByRole('option', { name: 'Families' }).click();
  await page.keyboard.press('Escape');

  const nationality = panel.getByRole('combobox', { name: 'Targeted Nationality' });
  await nationality.fill('Croat');
  // Picked with the keyboard, as a clerk who types does: the first match, then Enter.
  await expect(page.getByRole('option', { name: 'Croatia' })).toBeVisible();
  await nationality.press('ArrowDown');
  await nationality.press('Enter');
  // Picking an option clears the search: the next one is typed once it has been.
  await expect(nationality).toHaveValue('');
  // Typed in full, so one option is left: the list moves as the chosen pills grow the field, and a
  // click can land beside it.
  await nationality.fill('Slovenia');
  await expect(nationality).toHaveValue('Slovenia');
  await expect(page.getByRole('option', { name: 'Slovenia', exact: true })).toBeVisible();
  await nationality.press('ArrowDown');
  await nationality.press('Enter');
  await expect(nationality).toHaveValue('');
  await page.keyboard.press('Escape');

  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/promotions$/.test(request.url()),
  );
  await expectToastAfter(page, 'Promotion saved successfully', () =>
    panel.getByRole('button', { name: 'Save' }).click(),
  );
  const payload = (await created).postDataJSON() as { promotion: Record<string, string> };
  expect(payload.promotion).toMatchObject({
    title: 'Summer sale',
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    notification_schedule: '2026-05-30 14:30:05',
    notification_schedule_time: '14:30:05',
    shopping_behavior: 'families',
    targeted_nationality: 'HRV,SVN',
  });
  expect(payload.promotion.image).toMatch(/^[0-9a-f]{32}\.png$/);

  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/panel=/);

  // The card: picture, dates, title, and the description cut at 50 characters.
  const summer = card(page, 'Summer sale');
  await expect(summer).toBeVisible();
  await expect(page.getByText('Displaying 1 of 1 result')).toBeVisible();
  await expect(summer.getByText('01/06/2026 – 30/06/2026')).toBeVisible();
  const picture = summer.locator('img');
  await expect(picture).toHaveAttribute('src', /\/uploads\/\d+\/\d+\/ushop\/[0-9a-f]{32}\.png$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(summer.getByText(DESCRIPTION)).toBeHidden();
  await expect(summer.getByText(`${DESCRIPTION.slice(0, 50).trimEnd()}…`)).toBeVisible();
  await summer.getByRole('button', { name: 'Read More' }).click();
  await expect(summer.getByText(DESCRIPTION)).toBeVisible();
  await summer.getByRole('button', { name: 'Read Less' }).click();
  await expect(summer.getByText(DESCRIPTION)).toBeHidden();
  await expect(page.getByText('Promotion saved successfully')).toBeHidden();
  await expectAccessible(page, 'promotions screen with a card');

  // Search waits for the typing to pause, then asks the server.
  const search = page.getByRole('searchbox', { name: 'Search promotions' });
  await search.fill('winter');
  await expect(page.getByText('Promotions not found')).toBeVisible();
  await expect(summer).toBeHidden();
  await search.fill('summer');
  await expect(summer).toBeVisible();
  await search.fill('');

  // Update: the panel opens with what was saved, the schedule split into its date and time.
  await summer.getByRole('button', { name: 'Edit promotion Summer sale' }).click();
  const editPanel = page.getByRole('dialog', { name: 'Edit Promotion' });
  await expect(editPanel).toBeVisible();
  await expect(page).toHaveURL(/panel=edit&promotion=\d+|promotion=\d+&panel=edit/);
  await expect(editPanel.getByLabel('Offer Title')).toHaveValue('Summer sale');
  await expect(editPanel.getByLabel('Notification Schedule')).toHaveValue('30/05/2026');
  await expect(editPanel.getByRole('combobox', { name: 'Hours' })).toHaveValue('14');
  await expect(editPanel.getByRole('combobox', { name: 'Minutes' })).toHaveValue('30');
  await expect(editPanel.getByRole('combobox', { name: 'Seconds' })).toHaveValue('05');
  await expect(editPanel.getByText('Croatia')).toBeVisible();
  await expect(editPanel.getByText('Families')).toBeVisible();
  await expect(editPanel.getByRole('img', { name: 'Selected image' })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
  await editPanel.getByLabel('Offer Title').fill('Summer sale, last days');
  await editPanel.getByRole('combobox', { name: 'Hours' }).selectOption('09');
  const updated = page.waitForRequest(
    (request: Request) => request.method() === 'PUT' && /\/promotions\/\d+$/.test(request.url()),
  );
  await expectToastAfter(page, 'Promotion saved successfully', () =>
    editPanel.getByRole('button', { name: 'Update' }).click(),
  );
  expect(
    ((await updated).postDataJSON() as { promotion: Record<string, string> }).promotion,
  ).toMatchObject({ notification_schedule: '2026-05-30 09:30:05' });
  await expect(editPanel).toBeHidden();
  const renamed = card(page, 'Summer sale, last days');
  await expect(renamed).toBeVisible();
  // The toast is gone before the confirmation's overlay would dim it.
  await expect(page.getByText('Promotion saved successfully')).toBeHidden();

  // Delete asks first; NO keeps it.
  await renamed.getByRole('button', { name: 'Delete promotion Summer sale, last days' }).click();
  let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('Do you want to delete this promotion?')).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'NO' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete promotion Summer sale, last days' }).click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Promotion deleted successfully')).toBeVisible();
  await expect(page.getByText('Promotions not found')).toBeVisible();
});

test('promotions load eight at a time as the clerk scrolls', async ({ page }) => {
  const account = await createRetailer();
  await signInFirstTime(page, account);
  const { token, companyId, branchId } = await sessionOf(page);
  const headers = { Authorization: `Bearer ${token}` };

  // Nine promotions, made through the same calls the panel uses.
  const upload = await page.request.post('/core-service/fileupload/temp', {
    headers,
    multipart: { image0: POSTER, filerename: 'true' },
  });
  expect(upload.ok()).toBe(true);
  const image = ((await upload.json()) as { data: { image0: string } }).data.image0;
  for (let index = 1; index <= 9; index += 1) {
    const response = await page.request.post(
      `/api/v2/companies/${companyId}/retailers/${branchId}/promotions`,
      {
        headers,
        data: {
          promotion: {
            title: `Offer ${index}`,
            description: `Offer number ${index}`,
            image,
            start_date: '2026-01-01',
            end_date: '2026-12-31',
            notification_schedule: '2026-01-01 10:00:00',
            shopping_behavior: '',
            targeted_nationality: '',
          },
        },
      },
    );
    expect(response.ok()).toBe(true);
  }

  // A small window: the end of the first page is well below the fold.
  await page.setViewportSize({ width: 700, height: 500 });
  await openPromotions(page);
  await expect(page.getByText('Displaying 8 of 9 results')).toBeVisible();
  await expect(promotionsList(page).getByRole('article')).toHaveCount(8);
  await page.getByRole('article').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect(promotionsList(page).getByRole('article')).toHaveCount(9);
  await expect(page.getByText('Displaying 9 of 9 results')).toBeVisible();
});
