import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateCents,
  breakdownByRate,
  type BreakdownLine,
  formTotals,
  invoiceTotals,
  lineFromAmount,
  lineFromGross,
  lineFromNet,
  sumLines,
} from './breakdown.rules.ts';

const rates = fc.constantFrom(0, 5, 9.5, 10, 13, 17, 20, 22, 25);
const cents = fc.integer({ min: 0, max: 1e10 });
const netLine = fc.tuple(cents, rates).map(([net, rate]) => lineFromNet(net, rate));
const grossLine = fc.tuple(cents, rates).map(([gross, rate]) => lineFromGross(gross, rate));
const anyLine = fc.oneof(netLine, grossLine);

describe('breakdown lines', () => {
  it('computes VAT and gross from a net amount', () => {
    expect(lineFromNet(10_000, 25)).toEqual({ rate: 25, net: 10_000, vat: 2_500, gross: 12_500 });
    expect(lineFromNet(1_050, 13)).toEqual({ rate: 13, net: 1_050, vat: 137, gross: 1_187 });
  });

  it('takes VAT out of a gross amount so that gross = net + VAT exactly', () => {
    expect(lineFromGross(12_500, 25)).toEqual({ rate: 25, net: 10_000, vat: 2_500, gross: 12_500 });
    // 100.00 incl. 13 %: 11.504… → 11.50 VAT, 88.50 net
    expect(lineFromGross(10_000, 13)).toEqual({ rate: 13, net: 8_850, vat: 1_150, gross: 10_000 });
    expect(lineFromAmount(12_500, 25, 'GROSS_AMOUNT')).toEqual(lineFromGross(12_500, 25));
    expect(lineFromAmount(12_500, 25, 'NET_AMOUNT')).toEqual(lineFromNet(12_500, 25));
  });

  it('resets a line whose amount is not a positive finite number to 0', () => {
    for (const bad of [0, -500, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(lineFromNet(bad, 25)).toEqual({ rate: 25, net: 0, vat: 0, gross: 0 });
      expect(lineFromGross(bad, 25)).toEqual({ rate: 25, net: 0, vat: 0, gross: 0 });
    }
  });

  it('refuses a rate that is not a percentage', () => {
    expect(() => lineFromNet(100, -1)).toThrow(RangeError);
    expect(() => lineFromNet(100, Number.NaN)).toThrow(RangeError);
  });

  it('keeps gross = net + VAT on every line', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        expect(line.gross).toBe(line.net + line.vat);
        expect(Number.isInteger(line.vat)).toBe(true);
      }),
    );
  });

  it('never drifts more than half a cent from the exact VAT on a line', () => {
    fc.assert(
      fc.property(cents, rates, (amount, rate) => {
        const fromNet = lineFromNet(amount, rate);
        expect(Math.abs(fromNet.vat - (amount * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
        const fromGross = lineFromGross(amount, rate);
        expect(Math.abs(fromGross.vat - (amount * rate) / (100 + rate))).toBeLessThanOrEqual(
          0.5 + 1e-6,
        );
      }),
    );
  });

  it('gives back the same net within one cent when a gross is re-entered as net', () => {
    fc.assert(
      fc.property(cents, rates, (gross, rate) => {
        const line = lineFromGross(gross, rate);
        expect(Math.abs(lineFromNet(line.net, rate).gross - gross)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('totals', () => {
  it('groups an invoice by rate, highest rate first', () => {
    const lines = [lineFromNet(1_000, 5), lineFromNet(10_000, 25), lineFromNet(2_000, 5)];
    expect(breakdownByRate(lines)).toEqual([
      { rate: 25, net: 10_000, vat: 2_500, gross: 12_500 },
      { rate: 5, net: 3_000, vat: 150, gross: 3_150 },
    ]);
  });

  it('makes totals the sum of the lines, with gross = net + VAT', () => {
    fc.assert(
      fc.property(fc.array(fc.array(anyLine, { maxLength: 8 }), { maxLength: 5 }), (invoices) => {
        const all: BreakdownLine[] = invoices.flat();
        const total = formTotals(invoices);
        expect(total.gross).toBe(total.net + total.vat);
        expect(total.vat).toBe(all.reduce((sum, line) => sum + line.vat, 0));
        expect(total.net).toBe(all.reduce((sum, line) => sum + line.net, 0));
        expect(sumLines(invoices.map(invoiceTotals))).toEqual(total);
        expect(sumLines(breakdownByRate(all))).toEqual(total);
      }),
    );
  });

  it('never drifts more than one cent per line from the exact VAT in the totals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cents, rates), { maxLength: 20 }), (entries) => {
        const lines = entries.map(([net, rate]) => lineFromNet(net, rate));
        const exact = entries.reduce((sum, [net, rate]) => sum + (net * rate) / 100, 0);
        expect(Math.abs(invoiceTotals(lines).vat - exact)).toBeLessThanOrEqual(
          entries.length + 1e-3,
        );
      }),
    );
  });
});

describe('allocateCents', () => {
  it('splits a refund over lines in proportion and to the cent', () => {
    expect(allocateCents(1_000, [2_500, 2_500])).toEqual([500, 500]);
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(100, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const parts = allocateCents(total, weights);
          const hasWeight = weights.some((w) => w > 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(hasWeight ? total : 0);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
  });
});
