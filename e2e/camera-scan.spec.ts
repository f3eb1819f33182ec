import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { croatianLink } from '@taxfree/domain/receipt-fixtures';
import { fakeCameraLaunch, writeQrVideo } from './fake-camera.ts';
import { dayIn, DEMO, SHOP_TIME_ZONE, signInTo } from './support.ts';

/*
 * A shop without a reader: the receipt's QR code is held up to the camera. Chromium's fake camera
 * plays a video of the code, made here before the browser starts.
 */
const jir = crypto.randomUUID();
const video = path.join(os.tmpdir(), `tfr-receipt-${process.pid}.y4m`);
writeQrVideo(
  video,
  croatianLink([
    ['jir', jir],
    ['datv', `${dayIn(SHOP_TIME_ZONE).replaceAll('-', '')}_1030`],
    ['izn', '31250'],
  ]),
);

test.use({ launchOptions: fakeCameraLaunch(video) });

test('the camera reads a receipt held up to it and fills the invoice', async ({ page }) => {
  const wasm: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await signInTo(page, DEMO);
  await page.getByRole('button', { name: 'Issue Form' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issue tax-free form' });
  await expect(drawer.getByRole('textbox', { name: /Scan passport/ })).toBeFocused();
  // Nothing of the camera is loaded before the clerk asks for it.
  expect(wasm).toEqual([]);

  await drawer.getByRole('button', { name: 'Scan receipt with camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Scan with the camera' });
  await expect(
    camera.getByText('Hold the QR code on the receipt in front of the camera.'),
  ).toBeVisible();
  // The first code read closes the camera and fills the invoice, as a reader's scan would.
  await expect(camera).toBeHidden({ timeout: 30_000 });
  await expect(drawer.getByTestId('receipt-scan-status')).toHaveText(
    'Filled from the receipt: date and total.',
  );
  await expect(drawer.getByTestId('invoice-receipt')).toHaveText(`Fiscal receipt ${jir}`);
  await expect(drawer.getByRole('textbox', { name: 'Gross amount, line 1' })).toHaveValue('312.50');
  // ZXing's WebAssembly came from the portal itself, not from a CDN.
  const origin = new URL(page.url()).origin;
  expect(wasm.length).toBeGreaterThan(0);
  expect(wasm.every((url) => url.startsWith(`${origin}/`))).toBe(true);
});
