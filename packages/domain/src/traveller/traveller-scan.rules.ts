import { parseMrz, type ScanOptions, type ScanResult } from './mrz.rules.ts';
import { isTravellerQr, parseTravellerQr } from './traveller-qr.rules.ts';

/**
 * What the scan input on the issue form accepts: a passport's or ID card's machine-readable zone,
 * or our QR payload (TFT1|…). Both give the same traveller fields.
 */
export function parseTravellerScan(input: string, options: ScanOptions = {}): ScanResult {
  return isTravellerQr(input) ? parseTravellerQr(input, options) : parseMrz(input, options);
}
