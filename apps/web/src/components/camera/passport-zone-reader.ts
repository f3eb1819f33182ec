import { findZoneInText, localToday } from '@taxfree/domain';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import workerPath from 'tesseract.js/dist/worker.min.js?url';
import corePath from 'tesseract.js-core/tesseract-core-simd.wasm.js?url';
import { OCR_TRAINED_DATA } from './ocr-files';

/**
 * Reads a passport's machine-readable zone from a video frame with Tesseract (tesseract.js): its
 * worker, its WebAssembly and its trained data are the app's own files, served with the build and
 * never fetched from a CDN. This module, and the 15 MB it brings (cached by the browser from then
 * on), load only when the camera opens on the traveller.
 *
 * Tesseract's classic engine reads the zone, not its LSTM: passports print it in OCR-B, whose
 * `<` fillers the LSTM models read as K and L (`ERIKSSON<<ANNA` as `ERIKSSONK<KANNA`), while the
 * classic engine read the same pictures right, in about 0.2 s a frame.
 */

/** What the zone is written in: capitals, digits and the filler. */
const ZONE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The part of the picture read: the lower half, where the zone is on a passport's data page. */
const ZONE_AREA = { top: 0.5, height: 0.5 };

let reader: Promise<Worker> | null = null;

async function startReader(): Promise<Worker> {
  const worker = await createWorker('eng', OEM.TESSERACT_ONLY, {
    workerPath,
    corePath,
    langPath: OCR_TRAINED_DATA.directory,
    legacyCore: true,
    legacyLang: true,
    // The Content-Security-Policy runs workers from the app's own files, not from blobs; the
    // browser's HTTP cache keeps the trained data (its address changes with its version).
    workerBlobURL: false,
    cacheMethod: 'none',
  });
  await worker.setParameters({
    tessedit_char_whitelist: ZONE_CHARACTERS,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  });
  return worker;
}

/** The OCR worker, started once per page; a failed start is tried again on the next read. */
function zoneReader(): Promise<Worker> {
  reader ??= startReader().catch((error: unknown) => {
    reader = null;
    throw error;
  });
  return reader;
}

/** Starts the reader ahead of the first frame, as the camera opens. */
export function prepareZoneReader(): void {
  void zoneReader().catch(() => undefined);
}

/** Ends the reader and frees its memory, as the camera closes. */
export async function stopZoneReader(): Promise<void> {
  const started = reader;
  reader = null;
  if (started) await (await started.catch(() => null))?.terminate();
}

/**
 * The zone in the video's current frame, its lines joined by '\n', when every check digit agrees;
 * null when none is seen (or one is misread: the next frame is read instead).
 */
export async function readPassportZone(video: HTMLVideoElement): Promise<string | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = Math.round(video.videoHeight * ZONE_AREA.height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  const top = Math.round(video.videoHeight * ZONE_AREA.top);
  context.drawImage(video, 0, top, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
  const worker = await zoneReader();
  const { data } = await worker.recognize(canvas);
  return findZoneInText(data.text, { today: localToday() });
}
