import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64,
  croatianLink,
  serbianLink,
  serbianRecord,
  slovenianCode,
} from './receipt-fixtures.ts';
import { RECEIPT_REFUSALS, readReceiptCode, type ReceiptScan } from './scan-receipt.ts';

/** An answer of the right shape: a receipt, or one of the refusals. */
function isAnswer(scan: ReceiptScan): boolean {
  return scan.ok
    ? typeof scan.receipt.issued_at === 'string'
    : RECEIPT_REFUSALS.includes(scan.refusal);
}

/** The same rounding, done on the decimal digits: half up at the third decimal. */
function roundedByDigits(tenThousandths: bigint): string {
  const digits = tenThousandths.toString().padStart(5, '0');
  const cents = BigInt(digits.slice(0, -2)) + (Number(digits.at(-2)) >= 5 ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('any text', () => {
  const link = serbianLink(serbianRecord());

  it('gives an answer and never throws', () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 300 }),
      // Any UTF-16 code units, lone surrogates and control characters too.
      fc.string({
        unit: fc.nat({ max: 0xffff }).map((unit) => String.fromCharCode(unit)),
        maxLength: 300,
      }),
      fc.stringMatching(/^[\d ]{0,70}$/),
      fc.string({ maxLength: 200 }).map((tail) => `https://suf.purs.gov.rs/v/?vl=${tail}`),
      fc.string({ maxLength: 80 }).map((tail) => `https://porezna.gov.hr/rn?${tail}`),
      fc
        .tuple(
          fc.nat({ max: link.length }),
          fc.nat({ max: link.length }),
          fc.string({ maxLength: 8 }),
        )
        .map(
          ([from, to, insert]) =>
            `${link.slice(0, Math.min(from, to))}${insert}${link.slice(Math.max(from, to))}`,
        ),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(isAnswer(readReceiptCode(text))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('is refused when one byte of a Serbian record is changed', () => {
    const record = serbianRecord();
    fc.assert(
      fc.property(
        fc.nat({ max: record.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, flip) => {
          const changed = record.slice();
          changed[at] = (changed[at] ?? 0) ^ flip;
          const scan = readReceiptCode(serbianLink(changed));
          expect(scan.ok ? 'read' : scan.refusal).toMatch(/^receipt(Digest|Version)$/);
        },
      ),
    );
  });
});

describe('a receipt built from random fields', () => {
  it('of Serbia reads back its total, time and counter', () => {
    const fields = fc.record({
      totalCounter: fc.nat({ max: 2 ** 32 - 1 }),
      typeCounter: fc.nat({ max: 2 ** 32 - 1 }),
      total: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
      time: fc.integer({ min: 0, max: LATEST }),
      requestedBy: fc.stringMatching(/^[A-Z0-9]{8}$/),
      signedBy: fc.stringMatching(/^[A-Z0-9]{8}$/),
      buyerId: fc.stringMatching(/^[ -~]{0,40}$/),
      encrypted: fc.uint8Array({ maxLength: 300 }),
    });
    fc.assert(
      fc.property(fc.boolean(), fields, (urlSafe, f) => {
        const standard = base64(serbianRecord({ ...f, time: BigInt(f.time) }));
        const vl = urlSafe
          ? standard.replace(/\+/g, '-').replace(/\//g, '_')
          : encodeURIComponent(standard);
        expect(readReceiptCode(`suf.purs.gov.rs/v/?vl=${vl}`)).toEqual({
          ok: true,
          receipt: {
            country: 'RS',
            receipt_number: `${f.requestedBy}-${f.signedBy}-${f.totalCounter}`,
            fiscal_id: null,
            issued_at: new Date(f.time).toISOString(),
            gross_amount: roundedByDigits(f.total),
            currency: 'RSD',
            kind: 'sale',
            seller_tax_number: null,
          },
        });
      }),
    );
  });

  it("of Croatia reads back its total, and its time as Zagreb's wall clock", () => {
    const zagreb = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Zagreb',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const minutes = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(minutes, fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), (at, cents) => {
        // A wall-clock time that exists: the one Zagreb shows at a real instant.
        const wall = zagreb.format(at);
        const datv = wall.replace(/[-:]/g, '').replace(' ', '_');
        const link = croatianLink([
          ['izn', String(cents)],
          ['datv', datv],
          ['zki', 'ab'.repeat(16)],
        ]);
        const scan = readReceiptCode(link);
        if (!scan.ok) throw new Error(scan.refusal);
        expect(scan.receipt.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
        expect(scan.receipt.issued_at.slice(0, 16).replace('T', ' ')).toBe(wall);
        expect(zagreb.format(new Date(scan.receipt.issued_at))).toBe(wall);
        expect(scan.receipt.gross_amount).toBe(
          `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
        );
      }),
    );
  });

  it("of Slovenia reads back its ZOI, seller, and time as Ljubljana's wall clock", () => {
    const ljubljana = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Ljubljana',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const hex = fc.stringMatching(/^[0-9a-f]{32}$/);
    const seller = fc.constantFrom('15012557', '10000003', '50223054', '12345679');
    const seconds = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T21:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(hex, seller, seconds, (zoi, taxNumber, at) => {
        // A wall-clock time that exists: the one Ljubljana shows at a real instant.
        const wall = ljubljana.format(at);
        const scan = readReceiptCode(
          slovenianCode(zoi, taxNumber, wall.slice(2).replace(/\D/g, '')),
        );
        if (!scan.ok) throw new Error(scan.refusal);
        expect(scan.receipt.fiscal_id).toBe(zoi);
        expect(scan.receipt.seller_tax_number).toBe(taxNumber);
        expect(scan.receipt.issued_at.slice(0, 19).replace('T', ' ')).toBe(wall);
        expect(ljubljana.format(new Date(scan.receipt.issued_at))).toBe(wall);
      }),
    );
  });
});
