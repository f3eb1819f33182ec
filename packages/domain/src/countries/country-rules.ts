import type { Language } from '../i18n/languages.ts';
import type { Cents } from '../money/money.rules.ts';

/**
 * What the law of each country the portal serves asks of a tax-free form: the shape of a country's
 * entry, and the rules that read one. The entries themselves are in country-table.ts; see
 * docs/decisions/015-country-rules.md.
 */

/** The EU's member states (ISO 3166-1 alpha-2): residence in any of them excludes HR and SI refunds. */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

export type MinimumPurchase = {
  /** The threshold in the shop's currency, in cents. */
  amount: Cents;
  /** Whether the threshold counts the purchase with its VAT (gross) or without (net). */
  includesVat: boolean;
  /** 'above': strictly more than the amount; 'atLeast': the amount itself qualifies. */
  comparison: 'above' | 'atLeast';
  /** 'invoice': each invoice on its own; 'form': the form's invoices together (one seller's). */
  per: 'invoice' | 'form';
};

export type ExportDeadlineRule =
  /** The last day of the n-th month after the month of the invoice (VAT Directive art. 147). */
  | { kind: 'endOfMonthAfter'; months: number }
  /** n months from the day of the purchase (the same day of the month, or that month's last day). */
  | { kind: 'monthsFromPurchase'; months: number };

/**
 * How long a shop that refunds the traveller itself has to pay: `days` calendar days counted from
 * the day it receives the stamped form back (`receipt`).
 */
export type PayoutDeadlineRule = { days: number; from: 'receipt' };

/**
 * How long the traveller has to bring the form, stamped by customs, back to the shop: `months`
 * counted from the day the form was issued or the goods were bought (DOMAIN.md, "Time limits after
 * the export"), the same day of the month or that month's last day.
 */
export type ClaimWindowRule = { months: number; from: 'issue' | 'purchase' };

/** Goods some countries never refund. */
export const EXCLUDED_GOODS = ['mineralOils', 'alcohol', 'tobacco'] as const;
export type ExcludedGoods = (typeof EXCLUDED_GOODS)[number];

/** How a product row's classification names goods a country may exclude. */
export type ExcludedGoodsClass = {
  /** Classification codes (upper case) that name these goods in words. */
  codes: readonly string[];
  /** Combined Nomenclature headings (digits): a code that starts with one names these goods. */
  cnHeadings: readonly string[];
  /** The product category a shop is given where its country excludes these goods. */
  category: { code: string; name: string };
};

/**
 * The goods a country may exclude as the product rows name them: in words, or by the Combined
 * Nomenclature (chapter 24 tobacco; headings 22 03 to 22 08 beer, wine, cider, ethyl alcohol and
 * spirits; 27 10 and 27 11 petroleum oils, fuels and gases).
 */
export const EXCLUDED_GOODS_CLASSES: Readonly<Record<ExcludedGoods, ExcludedGoodsClass>> = {
  mineralOils: {
    codes: ['MINERAL_OILS', 'FUEL', 'OIL'],
    cnHeadings: ['2710', '2711'],
    category: { code: 'MINERAL_OILS', name: 'Mineral oils and fuel' },
  },
  alcohol: {
    codes: ['ALCOHOL'],
    cnHeadings: ['2203', '2204', '2205', '2206', '2207', '2208'],
    category: { code: 'ALCOHOL', name: 'Alcoholic beverages' },
  },
  tobacco: {
    codes: ['TOBACCO'],
    cnHeadings: ['24'],
    category: { code: 'TOBACCO', name: 'Tobacco' },
  },
};

/** The declaration the traveller signs: leaving the EU, or leaving Serbia or BiH. */
export type Declaration = 'eu' | 'serbia' | 'bosnia';

/** The checkers of VAT numbers (vat-number.rules.ts), named by country and number. */
export const VAT_NUMBER_SCHEMES = ['HR.oib', 'SI.ddv', 'RS.pib', 'BA.pdv'] as const;
export type VatNumberScheme = (typeof VAT_NUMBER_SCHEMES)[number];

/** How the country numbers its VAT payers (DOMAIN.md, "What the form must carry"). */
export type VatNumberRule = {
  scheme: VatNumberScheme;
  /** The EU VAT prefix the number is kept and printed with; null where there is none. */
  prefix: string | null;
};

export type CountryRules = {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The official form's code, printed on it. */
  formCode: string;
  /** The declaration the traveller signs: leaving the EU, or leaving Serbia or BiH. */
  declaration: Declaration;
  /** The language customs read: the form prints in it, with English beside it. */
  formLanguage: Language;
  /** ISO 4217. */
  currency: string;
  /** The VAT rates in percent, highest first. */
  vatRates: readonly number[];
  minimumPurchase: MinimumPurchase;
  /**
   * The most one form may hold, in the shop's currency, in cents: each of its totals (the purchase
   * with and without VAT, the VAT, the refund) at most this. Far above any purchase a traveller
   * carries out by hand, it turns a mistyped amount into a refusal before it reaches customs, and
   * keeps every amount a form stores and sums well inside numeric(14,2).
   */
  purchaseCeiling: Cents;
  /** Travellers resident in any of these countries (ISO 3166-1 alpha-2) are not eligible. */
  excludedResidence: readonly string[];
  exportDeadline: ExportDeadlineRule;
  excludedGoods: readonly ExcludedGoods[];
  /** The shop's days are counted in this zone (the day of sale, the deadline, "today"). */
  timeZone: string;
  /** The seller's VAT number printed on every form, and how it is checked. */
  vatNumber: VatNumberRule;
  /** The time the law gives a shop refunding the traveller itself to pay; null where it sets none. */
  payoutDeadline: PayoutDeadlineRule | null;
  /** The time to bring the stamped form back to the shop; null where no source sets one. */
  claimWindow: ClaimWindowRule | null;
  /**
   * Whether a new shop of the country starts in the Croatia-customised mode (SPEC 1, kept per
   * company as `ushopSetting`, which `settings:set` may change): the invoice date column, the Form
   * Validated step of the status panel and the invoice reference number in the list.
   */
  hasCroatiaMode: boolean;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last day (yyyy-mm-dd) the goods of an invoice dated `invoiceDate` may leave, by the rule:
 * 2026-01-10 → 2026-04-30 (end of the 3rd month after), or 2026-04-10 (3 months from; 2025-11-30 →
 * 2026-02-28). Calendar arithmetic on the date as written: no time zone enters it.
 */
export function exportDeadline(rule: ExportDeadlineRule, invoiceDate: string): string {
  const match = DATE.exec(invoiceDate);
  if (!match) throw new RangeError(`not a yyyy-mm-dd date: ${invoiceDate}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (rule.kind === 'endOfMonthAfter') {
    // Day 0 of a month is the last day of the month before it.
    return isoDay(new Date(Date.UTC(year, month + rule.months + 1, 0)));
  }
  const lastDay = new Date(Date.UTC(year, month + rule.months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month + rule.months, Math.min(day, lastDay))));
}

/** The smallest purchase (cents) that qualifies: 100.01 for "above 100.00", 6,000.00 for "at least". */
export function smallestQualifyingAmount(minimum: MinimumPurchase): Cents {
  return minimum.comparison === 'above' ? minimum.amount + 1 : minimum.amount;
}

export type PurchaseAmounts = { net: Cents; gross: Cents };

export type MinimumShortfall = {
  /** The invoice (0-based) that falls short; null when the form's invoices count together. */
  invoice: number | null;
  /** What is still missing to qualify, in cents. */
  missing: Cents;
};

/**
 * Where a form's purchase does not reach the country's minimum: each invoice short of it, or the
 * form as a whole when its invoices count together. Empty when every part qualifies.
 */
export function minimumShortfalls(
  minimum: MinimumPurchase,
  invoices: readonly PurchaseAmounts[],
): MinimumShortfall[] {
  const needed = smallestQualifyingAmount(minimum);
  const counted = (amounts: PurchaseAmounts) => (minimum.includesVat ? amounts.gross : amounts.net);
  if (minimum.per === 'form') {
    const total = invoices.reduce((sum, invoice) => sum + counted(invoice), 0);
    return total >= needed ? [] : [{ invoice: null, missing: needed - total }];
  }
  return invoices.flatMap((invoice, index) =>
    counted(invoice) >= needed ? [] : [{ invoice: index, missing: needed - counted(invoice) }],
  );
}

/**
 * The largest amount numeric(14,2) stores, in cents (999,999,999,999.99): the ceiling of a form
 * whose company's country has no rules, so that none of its totals can overflow the column.
 */
export const STORABLE_AMOUNT_CEILING: Cents = 99_999_999_999_999;

/** The totals of a form that a ceiling bounds, in cents. */
export type CeilingTotals = { net: Cents; vat: Cents; gross: Cents; refund: Cents };

/**
 * Whether any of a form's totals passes `ceiling` (cents). The amounts are never negative, so an
 * invoice's or a line's amount is at most the total it is part of: a form within its ceiling has
 * nothing larger to store.
 */
export function isAboveCeiling(ceiling: Cents, totals: CeilingTotals): boolean {
  return [totals.net, totals.vat, totals.gross, totals.refund].some((total) => total > ceiling);
}

/**
 * The last day (yyyy-mm-dd) a shop may pay the traveller of a form it received back on
 * `receiptDay`, by the country's rule; null where the country sets none.
 */
export function payoutDue(rules: Pick<CountryRules, 'payoutDeadline'>, receiptDay: string) {
  const rule = rules.payoutDeadline;
  if (rule === null) return null;
  const match = DATE.exec(receiptDay);
  if (!match) throw new RangeError(`not a yyyy-mm-dd date: ${receiptDay}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return isoDay(new Date(Date.UTC(year, month, day + rule.days)));
}

/**
 * The last day (yyyy-mm-dd) the traveller may bring the stamped form back to the shop, for a form
 * issued on `issuedOn` for goods bought on `soldOn`, by the country's window; null where it sets none.
 */
export function claimDue(
  rules: Pick<CountryRules, 'claimWindow'>,
  days: { issuedOn: string; soldOn: string },
): string | null {
  const window = rules.claimWindow;
  if (window === null) return null;
  const from = window.from === 'issue' ? days.issuedOn : days.soldOn;
  return exportDeadline({ kind: 'monthsFromPurchase', months: window.months }, from);
}

/** Calendar days from `from` to `to` (yyyy-mm-dd): 1 for tomorrow, negative for a day past. */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const match = DATE.exec(date);
    if (!match) throw new RangeError(`not a yyyy-mm-dd date: ${date}`);
    return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** Whether a traveller resident in `residence` (ISO 3166-1 alpha-2) may have a form in this country. */
export function isEligibleResidence(rules: CountryRules, residence: string): boolean {
  return !rules.excludedResidence.includes(residence.toUpperCase());
}

/**
 * The product categories a new shop of the country is given for the goods the country excludes,
 * so that a clerk who picks one is told before issuing.
 */
export function excludedGoodsCategories(rules: Pick<CountryRules, 'excludedGoods'>) {
  return rules.excludedGoods.map((goods) => EXCLUDED_GOODS_CLASSES[goods].category);
}

/** Whether `rate` (percent) is one of the country's VAT rates. */
export function isCountryVatRate(rules: CountryRules, rate: number): boolean {
  return rules.vatRates.includes(rate);
}
