import fs from 'node:fs';
import QRCode from 'qrcode';
import type { LaunchOptions } from '@playwright/test';
import sharp from 'sharp';
import config from './playwright.config.ts';

/** The suite's Chromium, its camera a fake one that plays `video` (and asks no permission). */
export function fakeCameraLaunch(video: string): LaunchOptions {
  const launch = config.use?.launchOptions ?? {};
  return {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}

/** A Y4M stream (4:2:0, grey) of one picture shown twice, for Chromium's fake camera. */
function writeGreyVideo(file: string, luma: Uint8Array, width: number, height: number): void {
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame]));
}

/**
 * A video file Chromium's fake camera plays in a loop (`--use-file-for-fake-video-capture`): a
 * Y4M stream of a QR code, black modules on white, drawn module by module from `qrcode`'s matrix.
 */
export function writeQrVideo(file: string, text: string): void {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = new Uint8Array(width * height).fill(235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.data[row * modules.size + col]) continue;
      const y0 = top + (row + quiet) * scale;
      const x0 = left + (col + quiet) * scale;
      for (let y = y0; y < y0 + scale; y += 1)
        luma.fill(16, y * width + x0, y * width + x0 + scale);
    }
  }
  writeGreyVideo(file, luma, width, height);
}

/**
 * A video of a passport's photo page held up to the camera: a heading at the top, the
 * machine-readable zone's lines at the bottom in OCR-B as passports print them (Debian's
 * fonts-ocr-b; a monospaced type where it is missing), drawn by sharp (librsvg).
 */
export async function writePassportVideo(file: string, zone: string[]): Promise<void> {
  const width = 1280;
  const height = 720;
  const lines = zone
    .map((line, i) => `<text x="20" y="${540 + i * 64}">${line.replaceAll('<', '&lt;')}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <text x="80" y="120" font-family="DejaVu Sans" font-size="44">PASSPORT · PUTOVNICA</text>
    <g font-family="OCR B, DejaVu Sans Mono" font-size="39" fill="#111">${lines}</g>
  </svg>`;
  const luma = await sharp(Buffer.from(svg)).greyscale().extractChannel(0).raw().toBuffer();
  writeGreyVideo(file, new Uint8Array(luma), width, height);
}
