import { describe, expect, it } from 'vitest';
import {
  COUNTRY_RULES,
  exportDeadline,
  findCountryRules,
  isCountryVatRate,
  isEligibleResidence,
  minimumShortfalls,
  SUPPORTED_COUNTRIES,
} from './country-rules.ts';

const gross = (cents: number) => ({ gross: cents, net: Math.round(cents / 1.25) });

describe('the countries the portal serves', () => {
  it('knows four, in any letter case, and no other', () => {
    expect(SUPPORTED_COUNTRIES).toEqual(['HR', 'SI', 'RS', 'BA']);
    expect(findCountryRules('si')?.vatRates).toEqual([22, 9.5, 5]);
    expect(findCountryRules('DE')).toBeNull();
  });

  it('takes the VAT rates of each country, and no other', () => {
    expect(isCountryVatRate(COUNTRY_RULES.HR, 13)).toBe(true);
    expect(isCountryVatRate(COUNTRY_RULES.HR, 7)).toBe(false);
    expect(isCountryVatRate(COUNTRY_RULES.SI, 9.5)).toBe(true);
    expect(isCountryVatRate(COUNTRY_RULES.SI, 25)).toBe(false);
    expect(isCountryVatRate(COUNTRY_RULES.BA, 17)).toBe(true);
  });
});

describe('the minimum purchase', () => {
  it('in Croatia: more than 100.00 EUR with VAT, on each invoice', () => {
    const rule = COUNTRY_RULES.HR.minimumPurchase;
    expect(minimumShortfalls(rule, [gross(10_000)])).toEqual([{ invoice: 0, missing: 1 }]);
    expect(minimumShortfalls(rule, [gross(10_001)])).toEqual([]);
    // Two small invoices do not add up.
    expect(minimumShortfalls(rule, [gross(10_001), gross(6_000)])).toEqual([
      { invoice: 1, missing: 4_001 },
    ]);
  });

  it('in Slovenia: more than 50.00 EUR with VAT, on each invoice', () => {
    const rule = COUNTRY_RULES.SI.minimumPurchase;
    expect(minimumShortfalls(rule, [gross(5_000)])).toEqual([{ invoice: 0, missing: 1 }]);
    expect(minimumShortfalls(rule, [gross(5_001)])).toEqual([]);
  });

  it('in Serbia: at least 6,000.00 RSD with VAT over the form’s invoices together', () => {
    const rule = COUNTRY_RULES.RS.minimumPurchase;
    expect(minimumShortfalls(rule, [gross(300_000), gross(299_999)])).toEqual([
      { invoice: null, missing: 1 },
    ]);
    expect(minimumShortfalls(rule, [gross(300_000), gross(300_000)])).toEqual([]);
  });

  it('in Bosnia and Herzegovina: more than 100.00 KM', () => {
    const rule = COUNTRY_RULES.BA.minimumPurchase;
    expect(minimumShortfalls(rule, [gross(10_000)])).toEqual([{ invoice: 0, missing: 1 }]);
    expect(minimumShortfalls(rule, [gross(10_001)])).toEqual([]);
  });
});

describe('the export deadline', () => {
  it('is the last day of the third month after the invoice’s month in HR, SI and RS', () => {
    for (const country of ['HR', 'SI', 'RS'] as const) {
      const rule = COUNTRY_RULES[country].exportDeadline;
      expect(exportDeadline(rule, '2026-01-10')).toBe('2026-04-30');
      expect(exportDeadline(rule, '2026-01-31')).toBe('2026-04-30');
      expect(exportDeadline(rule, '2025-11-01')).toBe('2026-02-28');
      expect(exportDeadline(rule, '2027-11-15')).toBe('2028-02-29');
    }
  });

  it('is three months from the purchase in BiH, at the month’s end when the day is missing', () => {
    const rule = COUNTRY_RULES.BA.exportDeadline;
    expect(exportDeadline(rule, '2026-01-10')).toBe('2026-04-10');
    expect(exportDeadline(rule, '2025-11-30')).toBe('2026-02-28');
    expect(exportDeadline(rule, '2026-12-31')).toBe('2027-03-31');
  });

  it('refuses what is not a date', () => {
    expect(() => exportDeadline(COUNTRY_RULES.HR.exportDeadline, '10.01.2026')).toThrow(RangeError);
  });
});

describe('who may have a form', () => {
  it('nobody resident in the EU in Croatia and Slovenia, whatever the nationality', () => {
    for (const country of ['HR', 'SI'] as const) {
      expect(isEligibleResidence(COUNTRY_RULES[country], 'DE')).toBe(false);
      expect(isEligibleResidence(COUNTRY_RULES[country], 'hr')).toBe(false);
      expect(isEligibleResidence(COUNTRY_RULES[country], 'RS')).toBe(true);
      expect(isEligibleResidence(COUNTRY_RULES[country], 'CN')).toBe(true);
    }
  });

  it('nobody resident in Serbia in Serbia, nor in BiH in BiH; EU residents may', () => {
    expect(isEligibleResidence(COUNTRY_RULES.RS, 'RS')).toBe(false);
    expect(isEligibleResidence(COUNTRY_RULES.RS, 'DE')).toBe(true);
    expect(isEligibleResidence(COUNTRY_RULES.BA, 'BA')).toBe(false);
    expect(isEligibleResidence(COUNTRY_RULES.BA, 'HR')).toBe(true);
  });
});
