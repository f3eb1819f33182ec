import { EU_MEMBER_STATES, type CountryRules } from './country-rules.ts';

/**
 * What the law of each country the portal serves asks of a tax-free form, as data: a fifth country
 * is one more entry, not new code paths. Every figure comes from DOMAIN.md, "Per country" (its
 * sources: carina.gov.hr, purs.gov.rs and mfin.gov.rs, sarajevo.travel and tourismbih.com,
 * edavki.durs.si); see docs/decisions/015-country-rules.md.
 */

const EURO_CENT = 100;

export const COUNTRY_RULES = {
  HR: {
    country: 'HR',
    formCode: 'PDV-P',
    declaration: 'eu',
    formLanguage: 'hr',
    currency: 'EUR',
    vatRates: [25, 13, 5],
    // "above €100.00 incl. VAT on one invoice"
    minimumPurchase: {
      amount: 100 * EURO_CENT,
      includesVat: true,
      comparison: 'above',
      per: 'invoice',
    },
    purchaseCeiling: 1_000_000 * EURO_CENT,
    excludedResidence: EU_MEMBER_STATES,
    // "end of the 3rd month after the month of supply"
    exportDeadline: { kind: 'endOfMonthAfter', months: 3 },
    excludedGoods: [],
    timeZone: 'Europe/Zagreb',
    // OIB, 11 digits, ISO 7064 MOD 11,10; HR in front on EU VAT numbers
    vatNumber: { scheme: 'HR.oib', prefix: 'HR' },
    // "seller or operator": no time set for the shop's payout
    payoutDeadline: null,
    // Operators quote 6 months from the purchase (DOMAIN.md); no official text sets another
    claimWindow: { months: 6, from: 'purchase' },
    hasCroatiaMode: true,
  },
  SI: {
    country: 'SI',
    formCode: 'DDV-VP',
    declaration: 'eu',
    formLanguage: 'sl-si',
    currency: 'EUR',
    vatRates: [22, 9.5, 5],
    // "above €50 incl. VAT on one invoice"
    minimumPurchase: {
      amount: 50 * EURO_CENT,
      includesVat: true,
      comparison: 'above',
      per: 'invoice',
    },
    purchaseCeiling: 1_000_000 * EURO_CENT,
    excludedResidence: EU_MEMBER_STATES,
    // "end of the 3rd month after the month of purchase"
    exportDeadline: { kind: 'endOfMonthAfter', months: 3 },
    excludedGoods: ['mineralOils', 'alcohol', 'tobacco'],
    timeZone: 'Europe/Ljubljana',
    // 8 digits, weights 8…2, check = 11 − (sum mod 11), 10 → 0, 11 invalid; SI in front
    vatNumber: { scheme: 'SI.ddv', prefix: 'SI' },
    // "seller or operator": no time set for the shop's payout
    payoutDeadline: null,
    // "the stamped DDV-VP comes back to the seller within 6 months of its issue" (edavki.durs.si)
    claimWindow: { months: 6, from: 'issue' },
    hasCroatiaMode: false,
  },
  RS: {
    country: 'RS',
    formCode: 'ZPPPDV',
    declaration: 'serbia',
    formLanguage: 'sr',
    currency: 'RSD',
    vatRates: [20, 10],
    // "at least 6,000 RSD incl. VAT; invoices of one seller may be combined"
    minimumPurchase: { amount: 6000 * 100, includesVat: true, comparison: 'atLeast', per: 'form' },
    // The euro countries' ceiling in dinars (about 117 RSD to the euro), rounded up
    purchaseCeiling: 100_000_000 * 100,
    excludedResidence: ['RS'],
    // "end of the 3rd calendar month after the month of sale"
    exportDeadline: { kind: 'endOfMonthAfter', months: 3 },
    excludedGoods: [],
    timeZone: 'Europe/Belgrade',
    // PIB, 9 digits, ISO 7064 MOD 11,10
    vatNumber: { scheme: 'RS.pib', prefix: null },
    // "seller (full VAT) or operator"; the shop pays "by a bank transfer within 15 days of getting
    // the stamped form back", as for BiH (issue 16, docs/decisions/022-home-worklist.md)
    payoutDeadline: { days: 15, from: 'receipt' },
    // Operators quote 6 to 12 months; the official rule could not be confirmed (DOMAIN.md)
    claimWindow: null,
    hasCroatiaMode: false,
  },
  BA: {
    country: 'BA',
    formCode: 'PDV-SL-2',
    declaration: 'bosnia',
    formLanguage: 'bs',
    currency: 'BAM',
    vatRates: [17],
    // "above 100 KM", read as the purchase with its VAT, on one invoice, as in the other three
    minimumPurchase: { amount: 100 * 100, includesVat: true, comparison: 'above', per: 'invoice' },
    // The euro countries' ceiling in marks (pegged at 1.95583 KM to the euro), rounded up
    purchaseCeiling: 2_000_000 * 100,
    excludedResidence: ['BA'],
    // "stamped original back to the seller within 3 months of purchase"
    exportDeadline: { kind: 'monthsFromPurchase', months: 3 },
    // "oil, fuel, alcohol, tobacco"
    excludedGoods: ['mineralOils', 'alcohol', 'tobacco'],
    timeZone: 'Europe/Sarajevo',
    // 12 digits (the 13-digit JIB without its leading 4); no check digit is given
    vatNumber: { scheme: 'BA.pdv', prefix: null },
    // "cash at once or by bank transfer within 15 days of receiving the stamped form"
    payoutDeadline: { days: 15, from: 'receipt' },
    // No source sets a time to bring the stamped form back
    claimWindow: null,
    hasCroatiaMode: false,
  },
} as const satisfies Record<string, CountryRules>;

export type SupportedCountry = keyof typeof COUNTRY_RULES;
export const SUPPORTED_COUNTRIES = Object.keys(COUNTRY_RULES) as SupportedCountry[];

export function isSupportedCountry(code: string): code is SupportedCountry {
  return Object.hasOwn(COUNTRY_RULES, code.toUpperCase());
}

/** The rules of a country the portal serves, by ISO 3166-1 alpha-2 code; null for any other. */
export function findCountryRules(code: string): CountryRules | null {
  const upper = code.toUpperCase();
  return isSupportedCountry(upper) ? COUNTRY_RULES[upper] : null;
}

/**
 * The portal's first market, whose entry stands in where a shop's own country is not known: the
 * zone its days are counted in, the settings a shop starts with (docs/decisions/004: the
 * Croatia-customised mode is the default).
 */
export const DEFAULT_SHOP_COUNTRY = 'HR' satisfies SupportedCountry;
export const DEFAULT_COUNTRY_RULES: CountryRules = COUNTRY_RULES[DEFAULT_SHOP_COUNTRY];
