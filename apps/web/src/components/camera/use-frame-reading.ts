import { useEffect, type RefObject } from 'react';
import { readQrCode } from './barcode-reader';

/** What the camera looks for: QR codes (a receipt), or a traveller's QR code or passport zone. */
export type CameraReads = 'qr' | 'traveller';

/** How often a frame is read: a QR code held up is found within a quarter of a second. */
const READ_EVERY_MS = 250;

type FrameReadingOptions = {
  /** False while the camera starts, or while the clerk looks at a zone read. */
  isActive: boolean;
  reads: CameraReads;
  onCode: (code: string) => void;
  /** A passport zone whose check digits all agree, its lines joined by '\n'. */
  onZone: (zone: string) => void;
};

/**
 * Reads the video frame by frame until something is found: QR codes four times a second, and,
 * on the traveller, the passport's zone by OCR whenever the last reading is done (about a second
 * each). Only the first thing found is handed on.
 */
export function useFrameReading(
  video: RefObject<HTMLVideoElement | null>,
  { isActive, reads, onCode, onZone }: FrameReadingOptions,
) {
  useEffect(() => {
    if (!isActive) return;
    let isFound = false;
    const busy = { code: false, zone: false };
    const zoneReader = reads === 'traveller' ? import('./passport-zone-reader') : null;
    void zoneReader?.then((reader) => reader.prepareZoneReader());

    const attempt = (kind: keyof typeof busy, read: () => Promise<string | null>) => {
      if (busy[kind]) return;
      busy[kind] = true;
      read()
        .then((text) => {
          if (text === null || isFound) return;
          isFound = true;
          (kind === 'code' ? onCode : onZone)(text);
        })
        .catch(() => undefined)
        .finally(() => {
          busy[kind] = false;
        });
    };
    const timer = window.setInterval(() => {
      const frame = video.current;
      if (!frame || isFound) return;
      attempt('code', () => readQrCode(frame));
      if (zoneReader) attempt('zone', async () => (await zoneReader).readPassportZone(frame));
    }, READ_EVERY_MS);
    return () => {
      isFound = true;
      window.clearInterval(timer);
    };
  }, [isActive, reads, onCode, onZone, video]);

  // The OCR worker holds tens of megabytes: it ends when the camera closes.
  useEffect(
    () => () => {
      if (reads === 'traveller')
        void import('./passport-zone-reader').then((r) => r.stopZoneReader());
    },
    [reads],
  );
}
