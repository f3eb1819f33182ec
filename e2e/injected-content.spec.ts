import { expect, test, type Page } from '@playwright/test';
import {
  apiSignIn,
  createRetailer,
  issuePayload,
  signInFirstTime,
  type ApiSession,
} from './support.ts';

/** Markup a traveller, a colleague or a script could type into any text field. */
const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';
const SVG = '"><svg onload=window.__pwned=1>';

/** A real PNG: the server accepts only pictures decided by their bytes. */
const PICTURE = {
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4oWFDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAOaSsD0WCix+AAAAAElFTkSuQmCC',
    'base64',
  ),
};

/** Nothing ran, nothing was added to the page, no browser dialog opened. */
async function expectNothingInjected(page: Page, where: string, dialogs: string[]) {
  expect(await page.evaluate(() => '__pwned' in window), `${where}: window.__pwned`).toBe(false);
  await expect(page.locator('img[src="x"]'), where).toHaveCount(0);
  await expect(page.locator('svg[onload]'), where).toHaveCount(0);
  await expect(page.locator('[onerror]'), where).toHaveCount(0);
  expect(
    await page
      .locator('script')
      .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('__pwned')).length),
    where,
  ).toBe(0);
  expect(dialogs, where).toEqual([]);
}

async function post(page: Page, session: ApiSession, path: string, data: unknown) {
  const response = await page.request.post(path, { headers: session.headers, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> };
}

async function put(page: Page, session: ApiSession, path: string, data: unknown) {
  const response = await page.request.put(path, { headers: session.headers, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

test('markup typed into forms, promotions, the gallery, the shop and the profile shows as text', async ({
  page,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });

  // A retailer of its own: the demo's shop and name stay as other journeys expect them.
  const account = await signInFirstTime(page, await createRetailer());
  const session = await apiSignIn(page.request, account);

  const upload = await page.request.post('/core-service/fileupload/temp', {
    headers: session.headers,
    multipart: { image0: PICTURE, filerename: 'true' },
  });
  expect(upload.ok()).toBe(true);
  const image = ((await upload.json()) as { data: { image0: string } }).data.image0;

  const passport = `X${Date.now()}`;
  const issued = await post(
    page,
    session,
    `${session.branchPath}/taxforms/issue`,
    issuePayload(
      {
        traveler_name: IMG,
        traveler_surname: SVG,
        traveler_email: 'traveller@mail.example',
        traveler_mobile: '+86 138 0013 8000',
        passport,
        traveler_dob: '1985-03-02',
        traveler_address: SCRIPT,
        items: `${IMG} ${SCRIPT} ${SVG}`,
        method_of_shipment: 'Sent by freight forwarding company',
        freight_forward_name: SVG,
        freight_forward_address: SCRIPT,
      },
      SVG,
    ),
  );
  const formId = Number(issued.data.id);
  expect(formId).toBeGreaterThan(0);

  const promotionText = `Offer ${IMG} ${SCRIPT} ${SVG}`;
  await post(page, session, `${session.branchPath}/promotions`, {
    promotion: {
      title: SVG,
      description: promotionText,
      image,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      notification_schedule: '2026-01-01 10:00:00',
      shopping_behavior: '',
      targeted_nationality: '',
    },
  });
  const galleryText = `Window ${SCRIPT} ${SVG} ${IMG}`;
  await post(page, session, `${session.branchPath}/gallery`, {
    gallery: { title: IMG, description: galleryText, image },
  });
  const shopText = `Shop ${SVG} ${IMG} ${SCRIPT}`;
  await put(page, session, session.branchPath, {
    branch: { branch_name: SVG, description: shopText, website: null, product_category: '' },
  });
  const name = `${IMG}${SVG}`;
  await put(page, session, `/api/v2/companies/${session.companyId}/users/${session.userId}`, {
    name,
    email: account.email,
    mobile: '+385 91 234 5678',
  });

  // The list: traveller and invoice reference.
  await page.goto('/#/');
  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(IMG);
  await expect(row).toContainText(SVG);
  await expectNothingInjected(page, 'list', dialogs);

  // The user menu: the name, and the menu itself.
  const userMenu = page.getByRole('button', { name: /User menu/ });
  await expect(userMenu).toContainText(name);
  await userMenu.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNothingInjected(page, 'user menu', dialogs);
  await page.keyboard.press('Escape');

  // The drawer shows the form as it was typed.
  await page.goto(`/#/?form=${formId}&panel=edit`);
  const drawer = page.getByRole('dialog', { name: 'Tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /^Name/ })).toHaveValue(IMG);
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue(SVG);
  await expect(drawer.getByRole('textbox', { name: /^Address/ })).toHaveValue(SCRIPT);
  await expect(drawer.getByRole('textbox', { name: /^Purchase details/ })).toHaveValue(
    `${IMG} ${SCRIPT} ${SVG}`,
  );
  await expect(drawer.getByRole('textbox', { name: /^Freight forwarder name/ })).toHaveValue(SVG);
  await expectNothingInjected(page, 'issue drawer', dialogs);

  await page.goto(`/#/?form=${formId}&panel=status`);
  const status = page.getByRole('dialog', { name: /^Form Status/ });
  await expect(status.getByLabel('Form stages')).toBeVisible();
  await expectNothingInjected(page, 'status panel', dialogs);

  // A new form for the same passport offers the known traveller by name, under the field.
  await page.goto('/#/?panel=issue');
  const fresh = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await fresh.getByRole('textbox', { name: /^Passport number/ }).fill(passport);
  await fresh.getByRole('textbox', { name: /^Passport number/ }).press('Tab');
  const known = fresh.getByTestId('known-traveller');
  await expect(known).toContainText(`${IMG} ${SVG}`);
  await expectNothingInjected(page, 'known traveller offer', dialogs);
  await page.keyboard.press('Alt+U');
  await expect(fresh.getByRole('textbox', { name: /^Name/ })).toHaveValue(IMG);
  await expectNothingInjected(page, 'issue drawer filled from the known traveller', dialogs);

  // The promotion card, cut and then read in full.
  await page.goto('/#/promoList');
  const promotion = page.getByRole('article', { name: SVG });
  await expect(promotion).toBeVisible();
  await expect(promotion.getByRole('heading')).toHaveText(SVG);
  await expect(promotion).not.toContainText(promotionText);
  await promotion.getByRole('button', { name: 'Read More' }).click();
  await expect(promotion).toContainText(promotionText);
  await expectNothingInjected(page, 'promotion card', dialogs);
  await promotion.getByRole('button', { name: /^Edit promotion/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Promotion' }).getByLabel('Offer Title'),
  ).toHaveValue(SVG);
  await expectNothingInjected(page, 'promotion panel', dialogs);

  await page.goto('/#/gallery');
  const picture = page.getByRole('article', { name: IMG });
  await expect(picture).toBeVisible();
  await expect(picture.getByRole('heading')).toHaveText(IMG);
  await expect(picture).toContainText('Window');
  // Longer than the 100 characters a card shows before Read More.
  await expect(picture).not.toContainText(galleryText);
  await picture.getByRole('button', { name: 'Read More' }).click();
  await expect(picture).toContainText(galleryText);
  await expectNothingInjected(page, 'gallery card', dialogs);

  await page.goto('/#/shopUpdate');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop information' })).toBeVisible();
  const shop = page.getByRole('main');
  await expect(shop.getByLabel('Shop name')).toHaveValue(SVG);
  await expect(shop.getByLabel('Description')).toHaveValue(shopText);
  await expectNothingInjected(page, 'shop page', dialogs);
});
