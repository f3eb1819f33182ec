import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BARCODE_LENGTH, isValidBarcode, makeBarcode } from './barcode.rules.ts';

describe('barcodes', () => {
  it('are fixed-length digits that embed the company', () => {
    const barcode = makeBarcode(42, 7);
    expect(barcode).toHaveLength(BARCODE_LENGTH);
    expect(barcode.startsWith('00042000000007')).toBe(true);
    expect(isValidBarcode(barcode)).toBe(true);
  });

  it('detect any single mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.integer({ min: 0, max: BARCODE_LENGTH - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (company, serial, position, delta) => {
          const barcode = makeBarcode(company, serial);
          const digit = (Number(barcode[position]) + delta) % 10;
          const typo = `${barcode.slice(0, position)}${digit}${barcode.slice(position + 1)}`;
          expect(isValidBarcode(typo)).toBe(false);
        },
      ),
    );
  });
});
