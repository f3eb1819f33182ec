import { describe, expect, it } from 'vitest';
import {
  claimDue,
  daysBetween,
  exportDeadline,
  isCountryVatRate,
  isEligibleResidence,
  minimumShortfalls,
  payoutDue,
} from './country-rules.ts';
import {
  COUNTRY_RULES,
  DEFAULT_COUNTRY_RULES,
  findCountryRules,
  SUPPORTED_COUNTRIES,
} from './country-table.ts';

const gross = (cents: number) => ({ gross: cents, net: Math.round(cents / 1.25) });

describe('the countries the portal serves', () => {
  it('knows four, in any letter case, and no other', () => {
    expect(SUPPORTED_COUNTRIES).toEqual(['HR', 'SI', 'RS', 'BA']);
    expect(findCountryRules('si')?.vatRates).toEqual([22, 9.5, 5]);
    expect(findCountryRules('DE')).toBeNull();
  });

  it('starts Croatia’s shops alone in the Croatia-customised mode, and stands in with Croatia', () => {
    expect(SUPPORTED_COUNTRIES.filter((code) => COUNTRY_RULES[code].hasCroatiaMode)).toEqual([
      'HR',
    ]);
    expect(DEFAULT_COUNTRY_RULES).toBe(COUNTRY_RULES.HR);
    expect(DEFAULT_COUNTRY_RULES.timeZone).toBe('Europe/Zagreb');
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

describe('the payout deadline of a shop refunding the traveller itself', () => {
  it('is 15 days from receiving the stamped form in Serbia and BiH, and none in HR and SI', () => {
    expect(COUNTRY_RULES.RS.payoutDeadline).toEqual({ days: 15, from: 'receipt' });
    expect(COUNTRY_RULES.BA.payoutDeadline).toEqual({ days: 15, from: 'receipt' });
    expect(COUNTRY_RULES.HR.payoutDeadline).toBeNull();
    expect(COUNTRY_RULES.SI.payoutDeadline).toBeNull();
  });

  it('falls 15 calendar days after the receipt, across a month and a year', () => {
    expect(payoutDue(COUNTRY_RULES.RS, '2026-03-10')).toBe('2026-03-25');
    expect(payoutDue(COUNTRY_RULES.BA, '2026-02-20')).toBe('2026-03-07');
    expect(payoutDue(COUNTRY_RULES.BA, '2026-12-25')).toBe('2027-01-09');
    expect(payoutDue(COUNTRY_RULES.HR, '2026-03-10')).toBeNull();
    expect(() => payoutDue(COUNTRY_RULES.RS, '10.03.2026')).toThrow(RangeError);
  });

  it('counts the days left in calendar days, negative once past', () => {
    expect(daysBetween('2026-03-10', '2026-03-25')).toBe(15);
    expect(daysBetween('2026-03-25', '2026-03-25')).toBe(0);
    expect(daysBetween('2026-03-26', '2026-03-25')).toBe(-1);
    // A day of summer time in between changes nothing.
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5);
  });
});

describe('the time to bring the stamped form back', () => {
  const days = { issuedOn: '2026-08-31', soldOn: '2026-08-20' };

  it("counts Slovenia's 6 months from the issue and Croatia's from the purchase", () => {
    expect(claimDue(COUNTRY_RULES.SI, days)).toBe('2027-02-28');
    expect(claimDue(COUNTRY_RULES.HR, days)).toBe('2027-02-20');
    expect(claimDue(COUNTRY_RULES.SI, { issuedOn: '2027-02-10', soldOn: '2027-02-10' })).toBe(
      '2027-08-10',
    );
  });

  it('sets none where no source does', () => {
    expect(claimDue(COUNTRY_RULES.RS, days)).toBeNull();
    expect(claimDue(COUNTRY_RULES.BA, days)).toBeNull();
  });
});
