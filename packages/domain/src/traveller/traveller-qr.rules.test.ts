import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTravellerQr, isTravellerQr, parseTravellerQr } from './traveller-qr.rules.ts';
import type { ScannedTraveller } from './mrz.rules.ts';

const today = '2025-06-01';
const ANNA: ScannedTraveller = {
  surname: 'ERIKSSON',
  name: 'ANNA MARIA',
  passport: 'L898902C3',
  nationalityIso3: 'UTO',
  issuingIso3: 'UTO',
  dateOfBirth: '1974-08-12',
  // The QR payload does not carry the document's expiry.
  documentExpiry: null,
};

describe('the traveller QR payload', () => {
  it('is a compact, versioned, ASCII line', () => {
    expect(formatTravellerQr(ANNA)).toBe('TFT1|ERIKSSON|ANNA%20MARIA|L898902C3|UTO|UTO|1974-08-12');
    expect(isTravellerQr('TFT1|ERIKSSON|…')).toBe(true);
    expect(isTravellerQr('P<UTOERIKSSON<<ANNA')).toBe(false);
  });

  it('carries names with any letters, and the separator itself', () => {
    const traveller: ScannedTraveller = {
      ...ANNA,
      surname: 'Đurđević|Šćepanović',
      name: 'Žana Čedomirka',
      nationalityIso3: 'SRB',
      issuingIso3: null,
      dateOfBirth: null,
    };
    const payload = formatTravellerQr(traveller);
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
    expect(parseTravellerQr(payload, { today })).toEqual({ ok: true, source: 'QR', traveller });
  });

  it('reads back what it wrote', () => {
    const code = fc.option(fc.stringMatching(/^[A-Z]{3}$/), { nil: null });
    const traveller = fc.record({
      surname: fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s !== ''),
      name: fc.string().filter((s) => s.trim() === s),
      passport: fc.stringMatching(/^[A-Z0-9]{1,12}$/),
      nationalityIso3: code,
      issuingIso3: code,
      dateOfBirth: fc.option(
        fc
          .date({ min: new Date('1900-01-01'), max: new Date('2025-05-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        { nil: null },
      ),
      documentExpiry: fc.constant(null),
    });
    fc.assert(
      fc.property(traveller, (t) => {
        expect(parseTravellerQr(formatTravellerQr(t), { today })).toEqual({
          ok: true,
          source: 'QR',
          traveller: t,
        });
      }),
    );
  });

  it('refuses other versions by name, and malformed payloads', () => {
    expect(parseTravellerQr('TFT2|A|B|C|D|E|F|G', { today })).toEqual({
      ok: false,
      reason: 'qrVersionUnsupported',
    });
    for (const bad of [
      'TFT1|ERIKSSON|ANNA|L898902C3|UTO|UTO',
      'TFT1|ERIKSSON|ANNA|L898902C3|UTO|UTO|1974-08-12|extra',
      'TFT1||ANNA|L898902C3|UTO|UTO|1974-08-12',
      'TFT1|ERIKSSON|ANNA||UTO|UTO|1974-08-12',
      'TFT1|ERIKSSON|ANNA|L898902C3|UTOPIA|UTO|1974-08-12',
      'TFT1|ERIKSSON|ANNA|L898902C3|UTO|UTO|1974-02-30',
      'TFT1|ERIKSSON|ANNA|L898902C3|UTO|UTO|2030-01-01',
      'TFT1|ERIKSSON|%E0%A4%A|L898902C3|UTO|UTO|',
      'hello',
    ]) {
      expect(parseTravellerQr(bad, { today })).toEqual({ ok: false, reason: 'qrFormatInvalid' });
    }
  });
});
