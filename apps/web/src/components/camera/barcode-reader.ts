import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Reads QR codes from a video frame with ZXing's WebAssembly (the Barcode Detection API's
 * polyfill): the `.wasm` is the app's own file, served with the build, never fetched from a CDN.
 * This module loads only when the camera opens.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? wasmUrl : prefix + path,
  },
});

const detector = new BarcodeDetector({ formats: ['qr_code'] });

/** The text of the first QR code in the video's current frame; null when none is seen. */
export async function readQrCode(video: HTMLVideoElement): Promise<string | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
  const [code] = await detector.detect(video);
  return code?.rawValue ?? null;
}
