import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support.ts';

const languageSelect = (page: Page) => page.locator('select[name="language"]:visible');

test('the chosen language applies at once, reaches the server and survives a reload', async ({
  page,
}) => {
  await page.goto('/#/login');
  await languageSelect(page).selectOption('hr');
  await expect(page.getByLabel('Korisnički broj')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');

  await page.reload();
  await expect(page.getByLabel('Korisnički broj')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vue-lang'))).toBe('hr');

  // The server's answers come back in the same language.
  await page.getByLabel('Korisnički broj').fill(DEMO.accountNo);
  await page.getByLabel('Korisničko ime').fill(DEMO.username);
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'Prijava' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Invalid account number');
});

test('every language shows the signed-in navigation in its own words', async ({ page }) => {
  await page.goto('/#/login');
  await languageSelect(page).selectOption('de');
  await page.getByLabel('Kontonummer').fill(DEMO.accountNo);
  await page.getByLabel('Benutzername').fill(DEMO.username);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('link', { name: 'Erstattungsformulare' }).first()).toBeVisible();

  const expected = {
    en: ['en', 'Refund Forms'],
    hr: ['hr', 'Obrasci za povrat'],
    fr: ['fr', 'Bordereaux de détaxe'],
    'sl-si': ['sl-SI', 'Obrazci za vračilo'],
    de: ['de', 'Erstattungsformulare'],
    sr: ['sr-Latn', 'Obrasci za povraćaj'],
    bs: ['bs', 'Obrasci za povrat'],
    es: ['es', 'Formularios de reembolso'],
  } as const;
  for (const [language, [htmlLang, refundForms]] of Object.entries(expected)) {
    await languageSelect(page).selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    await expect(page.getByRole('link', { name: refundForms }).first()).toBeVisible();
  }
});
