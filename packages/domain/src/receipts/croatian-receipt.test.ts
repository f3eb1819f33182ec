import { describe, expect, it } from 'vitest';
import { croatianLink, receiptOf, refusalOf } from './receipt-fixtures.ts';
import type { ScannedReceipt } from './scan-receipt.ts';

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';
const ZKI = 'a3f5c2e1b4d6978812ab34cd56ef7890';

describe('a Croatian receipt', () => {
  const winter: [string, string][] = [
    ['jir', JIR],
    ['datv', '20250115_1245'],
    ['izn', '123450'],
  ];
  const expected: ScannedReceipt = {
    country: 'HR',
    receipt_number: null,
    fiscal_id: JIR,
    issued_at: '2025-01-15T12:45:00+01:00',
    gross_amount: '1234.50',
    currency: 'EUR',
    kind: 'sale',
    seller_tax_number: null,
  };
  const [a, b, c] = winter as [[string, string], [string, string], [string, string]];

  it.each([
    [a, b, c],
    [a, c, b],
    [b, a, c],
    [b, c, a],
    [c, a, b],
    [c, b, a],
  ])('gives its JIR, time and total with the parameters in any order: %j %j %j', (...order) => {
    expect(receiptOf(croatianLink(order))).toEqual(expected);
  });

  it.each(['/rn?', '/rn/?', '/RN?'])('is read from %s, with or without a scheme', (path) => {
    const link = croatianLink(winter, path);
    expect(receiptOf(link)).toEqual(expected);
    expect(receiptOf(link.replace('https://', 'http://'))).toEqual(expected);
    expect(receiptOf(link.replace('https://', ''))).toEqual(expected);
  });

  it('gives the ZKI of a receipt issued without a JIR, in lower case', () => {
    const link = croatianLink([['zki', ZKI.toUpperCase()], ...winter.slice(1)]);
    expect(receiptOf(link).fiscal_id).toBe(ZKI);
  });

  it.each([
    ['20250115_1245', '2025-01-15T12:45:00+01:00', '2025-01-15T11:45:00.000Z'],
    ['20250715_0930', '2025-07-15T09:30:00+02:00', '2025-07-15T07:30:00.000Z'],
    ['20241231_2359', '2024-12-31T23:59:00+01:00', '2024-12-31T22:59:00.000Z'],
    // The clocks go forward at 02:00: 02:30 is read as 03:30 summer time.
    ['20250330_0230', '2025-03-30T03:30:00+02:00', '2025-03-30T01:30:00.000Z'],
    // 02:30 comes twice when the clocks go back: the first, in summer time.
    ['20251026_0230', '2025-10-26T02:30:00+02:00', '2025-10-26T00:30:00.000Z'],
    ['20251026_0330', '2025-10-26T03:30:00+01:00', '2025-10-26T02:30:00.000Z'],
  ])('reads %s as Zagreb time: %s', (datv, local, instant) => {
    const { issued_at } = receiptOf(
      croatianLink([
        ['jir', JIR],
        ['datv', datv],
        ['izn', '100'],
      ]),
    );
    expect(issued_at).toBe(local);
    expect(new Date(issued_at).toISOString()).toBe(instant);
  });

  it.each(['0', '5', '00120', '999999999999999'])('reads the total of %s cents', (izn) => {
    const { gross_amount } = receiptOf(
      croatianLink([
        ['jir', JIR],
        ['datv', '20250115_1245'],
        ['izn', izn],
      ]),
    );
    expect(BigInt((gross_amount ?? '').replace('.', ''))).toBe(BigInt(izn));
    expect(gross_amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses a cancelling receipt, whose total is negative', () => {
    expect(
      refusalOf(
        croatianLink([
          ['jir', JIR],
          ['datv', '20250115_1245'],
          ['izn', '-1250'],
        ]),
      ),
    ).toBe('receiptRefund');
  });

  it.each([
    [
      'a date that is none',
      [
        ['jir', JIR],
        ['datv', '20250230_1200'],
        ['izn', '100'],
      ],
    ],
    [
      'month 13',
      [
        ['jir', JIR],
        ['datv', '20251301_1200'],
        ['izn', '100'],
      ],
    ],
    [
      '24:00',
      [
        ['jir', JIR],
        ['datv', '20250115_2400'],
        ['izn', '100'],
      ],
    ],
    [
      'minute 60',
      [
        ['jir', JIR],
        ['datv', '20250115_1260'],
        ['izn', '100'],
      ],
    ],
    [
      'a short date',
      [
        ['jir', JIR],
        ['datv', '2025115_1245'],
        ['izn', '100'],
      ],
    ],
    [
      'a dash for the underscore',
      [
        ['jir', JIR],
        ['datv', '20250115-1245'],
        ['izn', '100'],
      ],
    ],
    [
      'no date',
      [
        ['jir', JIR],
        ['izn', '100'],
      ],
    ],
    [
      'no total',
      [
        ['jir', JIR],
        ['datv', '20250115_1245'],
      ],
    ],
    [
      'a total with a point',
      [
        ['jir', JIR],
        ['datv', '20250115_1245'],
        ['izn', '12.50'],
      ],
    ],
    [
      'an empty total',
      [
        ['jir', JIR],
        ['datv', '20250115_1245'],
        ['izn', ''],
      ],
    ],
    [
      'no JIR nor ZKI',
      [
        ['datv', '20250115_1245'],
        ['izn', '100'],
      ],
    ],
    [
      'a JIR that is no UUID',
      [
        ['jir', JIR.slice(1)],
        ['datv', '20250115_1245'],
        ['izn', '100'],
      ],
    ],
    [
      'a short ZKI',
      [
        ['zki', ZKI.slice(1)],
        ['datv', '20250115_1245'],
        ['izn', '100'],
      ],
    ],
    [
      'both JIR and ZKI',
      [
        ['jir', JIR],
        ['zki', ZKI],
        ['datv', '20250115_1245'],
        ['izn', '100'],
      ],
    ],
    [
      'a parameter twice',
      [
        ['jir', JIR],
        ['datv', '20250115_1245'],
        ['izn', '100'],
        ['izn', '200'],
      ],
    ],
  ] as [string, [string, string][]][])('refuses %s as unreadable', (_, params) => {
    expect(refusalOf(croatianLink(params))).toBe('receiptUnreadable');
  });

  it.each([
    'https://porezna.gov.hr.evil.com/rn?',
    'https://evilporezna.gov.hr/rn?',
    'https://porezna.gov.hr:8443/rn?',
    'https://porezna.gov.hr@evil.com/rn?',
    'https://porezna.gov.hr/rnx?',
    'https://porezna.gov.hr/x/rn?',
    'ftp://porezna.gov.hr/rn?',
  ])('refuses a link to %s', (start) => {
    expect(refusalOf(`${start}jir=${JIR}&datv=20250115_1245&izn=100`)).toBe('receiptUnreadable');
  });
});
