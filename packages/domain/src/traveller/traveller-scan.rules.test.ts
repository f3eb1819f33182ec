import { describe, expect, it } from 'vitest';
import { parseTravellerScan } from './traveller-scan.rules.ts';

const today = '2025-06-01';

describe('the scan input', () => {
  it('takes a passport zone or our QR payload and fills the same fields', () => {
    const fromMrz = parseTravellerScan(
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n',
      { today },
    );
    const fromQr = parseTravellerScan('TFT1|ERIKSSON|ANNA%20MARIA|L898902C3|UTO|UTO|1974-08-12\n', {
      today,
    });
    expect(fromMrz).toMatchObject({ ok: true, source: 'TD3' });
    expect(fromQr).toMatchObject({ ok: true, source: 'QR' });
    // The same traveller; only the zone carries the document's expiry.
    expect(fromMrz.ok && { ...fromMrz.traveller, documentExpiry: null }).toEqual(
      fromQr.ok && fromQr.traveller,
    );
    expect(fromMrz.ok && fromMrz.traveller.documentExpiry).toBe('2012-04-15');
  });

  it('says why a scan could not be read', () => {
    expect(parseTravellerScan('garbage', { today })).toEqual({
      ok: false,
      reason: 'mrzFormatInvalid',
    });
    expect(parseTravellerScan('TFT9|x', { today })).toEqual({
      ok: false,
      reason: 'qrVersionUnsupported',
    });
  });
});
