import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeCameraLaunch, writePassportVideo } from './fake-camera.ts';
import { DEMO, signInTo } from './support.ts';

/*
 * A shop without a passport reader: the passport's photo page is held up to the camera, whose
 * zone is read by OCR in the page. Chromium's fake camera plays a picture of ICAO's specimen
 * passport, made here before the browser starts.
 */
const ZONE = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
const video = path.join(os.tmpdir(), `tfr-passport-${process.pid}.y4m`);
await writePassportVideo(video, ZONE);

test.use({ launchOptions: fakeCameraLaunch(video) });

test('the camera reads a passport zone, the clerk confirms it, and it fills the traveller', async ({
  page,
}) => {
  const ocr: string[] = [];
  page.on('request', (request) => {
    if (/tesseract|traineddata/.test(request.url())) ocr.push(new URL(request.url()).pathname);
  });
  await signInTo(page, DEMO);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused();
  // Nothing of the OCR is loaded before the clerk asks for the camera.
  expect(ocr).toEqual([]);

  await drawer.getByRole('button', { name: 'Scan passport with camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Scan with the camera' });
  await expect(camera.getByText(/Hold the passport's photo page/)).toBeVisible();
  // The zone read, its check digits agreeing, waits for the clerk: Enter uses it.
  await expect(camera.getByTestId('camera-zone')).toHaveText(ZONE.join('\n'), { timeout: 60_000 });
  await expect(camera.getByRole('button', { name: 'Use this' })).toBeFocused();
  // Everything came from the app's own server, nothing from a CDN.
  expect(ocr.length).toBeGreaterThan(0);
  for (const file of ocr) expect(file).toMatch(/^\/assets\//);
  await page.keyboard.press('Enter');

  await expect(camera).toBeHidden();
  await expect(drawer.getByRole('textbox', { name: /^Name/ })).toHaveValue('ANNA MARIA');
  await expect(drawer.getByRole('textbox', { name: /^Surname/ })).toHaveValue('ERIKSSON');
  await expect(drawer.getByRole('textbox', { name: /^Passport number/ })).toHaveValue('L898902C3');
  await expect(
    drawer.getByRole('status').filter({ hasText: 'Filled from the passport' }),
  ).toContainText('name, surname, passport number');
  // The specimen expired in 2012: the scan says so, as a reader's would.
  await expect(drawer.getByRole('alert').filter({ hasText: 'expired' })).toBeVisible();
});
