import {
  EXCLUDED_GOODS,
  EXCLUDED_GOODS_CLASSES,
  exportDeadline,
  isAboveCeiling,
  isCountryVatRate,
  isEligibleResidence,
  minimumShortfalls,
  smallestQualifyingAmount,
  type CountryRules,
  type ExcludedGoods,
} from '../countries/country-rules.ts';
import { lineFromGross } from '../money/breakdown.rules.ts';
import { amountToCents, type Cents, fromCents } from '../money/money.rules.ts';
import { computeRefund } from '../refund/refund.rules.ts';
import type { RefundCalculationSetting } from '../settings/settings.schema.ts';
import { computeProducts, productInvoices, type ComputedForm } from './tax-form-amounts.rules.ts';
import type { PayloadIssue, TaxFormPayload } from './tax-form-payload.schema.ts';

/**
 * What customs asks of a form, by the rules of the shop's country (country-rules.ts): the one
 * function the server decides with and the issue panel's eligibility summary shows. Each issue
 * names the rule it breaks and carries the figures its message names.
 */

/** The lines of the eligibility summary, in the order the clerk reads them. */
export const ELIGIBILITY_RULES = [
  'minimum',
  'residence',
  'document',
  'exportWindow',
  'rates',
  'goods',
  'amounts',
] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

export type CountryIssue = PayloadIssue & { rule: EligibilityRule };

export type CountryCheckContext = {
  rules: CountryRules;
  /** Today in the shop's time zone, yyyy-mm-dd. */
  today: string;
  productsMode: boolean;
  refund: RefundCalculationSetting;
  /** A country id of the countries table as ISO 3166-1 alpha-2; null when unknown. */
  isoOf: (countryId: number) => string | null;
};

const GOODS_EXCLUDED_MESSAGES: Readonly<Record<ExcludedGoods, string>> = {
  mineralOils: 'goodsExcludedMineralOils',
  alcohol: 'goodsExcludedAlcohol',
  tobacco: 'goodsExcludedTobacco',
};

/** A Combined Nomenclature code once its spaces and dots are gone: a chapter to a TARIC code. */
const CN_CODE = /^\d{2,10}$/;

/**
 * The excluded goods a classification code names, if any: in words (EXCLUDED_GOODS_CLASSES) or by
 * its Combined Nomenclature heading, written with or without spaces and dots (2208 30 11,
 * 2208.30.11, 22083011).
 */
export function excludedGoodsOf(classification: string): ExcludedGoods | null {
  const code = classification.trim().toUpperCase();
  const digits = code.replace(/[\s.]/g, '');
  const isCn = CN_CODE.test(digits);
  const named = (goods: ExcludedGoods) => {
    const { codes, cnHeadings } = EXCLUDED_GOODS_CLASSES[goods];
    return (
      codes.includes(code) || (isCn && cnHeadings.some((heading) => digits.startsWith(heading)))
    );
  };
  return EXCLUDED_GOODS.find(named) ?? null;
}

/** An amount in cents as the messages print it, with its currency: "100.01 EUR". */
const money = (cents: Cents, currency: string) => `${fromCents(cents)} ${currency}`;

/** An amount in cents as the app shows money (SPEC 9): "1,000,000.00 EUR". */
function groupedMoney(cents: Cents, currency: string) {
  const [whole = '0', fraction = '00'] = fromCents(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} ${currency}`;
}

/** The message of a form above its ceiling, on its invoices or products and in the panel. */
export const ABOVE_CEILING_MESSAGE = 'formAboveCeiling';

/**
 * A form whose totals pass `ceiling` (cents; the country's purchaseCeiling), reported on its
 * invoices or its product rows as a whole, the ceiling named in the shop's currency.
 */
export function ceilingIssues(
  computed: ComputedForm,
  options: { ceiling: Cents; currency: string; productsMode: boolean },
): CountryIssue[] {
  if (!isAboveCeiling(options.ceiling, computed)) return [];
  return [
    {
      rule: 'amounts',
      path: [options.productsMode ? 'products' : 'invoice'],
      message: ABOVE_CEILING_MESSAGE,
      params: { ceiling: groupedMoney(options.ceiling, options.currency) },
    },
  ];
}

/** The dates the export window runs from: each invoice's date, or the date of sale. */
function purchaseDates(payload: TaxFormPayload, productsMode: boolean): (string | null)[] {
  const { taxform: t, invoice, products } = payload;
  const fallback = t.invoice_date ?? t.date_of_sales;
  if (productsMode) {
    const dates = products.map((row) => row.simplified_invoice_date ?? fallback);
    return dates.length > 0 ? dates : [fallback];
  }
  return invoice.length > 0 ? invoice.map((entry) => entry.invoice_date ?? fallback) : [fallback];
}

/**
 * The last day the goods of the form may leave: the earliest deadline of its invoices (their dates,
 * else the date of sale, else today).
 */
export function formExportDeadline(
  rules: CountryRules,
  payload: TaxFormPayload,
  options: { productsMode: boolean; today: string },
): string {
  const deadlines = purchaseDates(payload, options.productsMode).map((date) =>
    exportDeadline(rules.exportDeadline, date ?? options.today),
  );
  return deadlines.reduce((earliest, day) => (day < earliest ? day : earliest));
}

/**
 * Where each simplified invoice of a form of products falls short of a minimum counted per
 * invoice: its rows (VAT per rate, as its receipt counts it) apart from the other invoices'. Rows
 * without a simplified invoice are the form's own invoice, reported on the rows as a whole.
 */
function productInvoiceShortfalls(payload: TaxFormPayload, context: CountryCheckContext) {
  const settings = { purchaseAmountType: 'NET_AMOUNT', refund: context.refund } as const;
  // A form without rows is one empty invoice, short of the whole minimum.
  const invoices =
    payload.products.length > 0
      ? productInvoices(payload.products)
      : [{ number: '', firstRow: 0, rows: [] }];
  const amounts = invoices.map((invoice) => computeProducts(invoice.rows, settings));
  return minimumShortfalls(context.rules.minimumPurchase, amounts).map(({ invoice, missing }) => {
    const { number, firstRow } = invoices[invoice ?? 0]!;
    const path: PayloadIssue['path'] =
      number === '' ? ['products'] : ['products', firstRow, 'simplified_invoice_number'];
    return { path, missing };
  });
}

function minimumIssues(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): CountryIssue[] {
  const { minimumPurchase, currency } = context.rules;
  const minimum = money(smallestQualifyingAmount(minimumPurchase), currency);
  if (context.productsMode && minimumPurchase.per === 'invoice') {
    return productInvoiceShortfalls(payload, context).map(({ path, missing }) => ({
      rule: 'minimum',
      path,
      message: 'belowMinimumPerInvoice',
      params: { minimum, missing: money(missing, currency) },
    }));
  }
  return minimumShortfalls(minimumPurchase, computed.invoices).map((shortfall) => ({
    rule: 'minimum',
    path:
      shortfall.invoice === null
        ? [context.productsMode ? 'products' : 'invoice']
        : context.productsMode
          ? ['products']
          : ['invoice', shortfall.invoice, 'gross_sales_price'],
    message: shortfall.invoice === null ? 'belowMinimumPerForm' : 'belowMinimumPerInvoice',
    params: { minimum, missing: money(shortfall.missing, currency) },
  }));
}

/**
 * The document's issuing country and the traveller's residence, each an id of the countries
 * table: an id the table lacks names no country, and no residence rule could judge it.
 */
export function unknownCountryIssues(
  payload: TaxFormPayload,
  isoOf: CountryCheckContext['isoOf'],
): PayloadIssue[] {
  const t = payload.taxform;
  return (['issued_govt', 'residence_country'] as const).flatMap((field): PayloadIssue[] => {
    const id = t[field];
    return id !== null && isoOf(id) === null
      ? [{ path: ['taxform', field], message: 'countryUnknown' }]
      : [];
  });
}

function residenceIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  const t = payload.taxform;
  const isoOf = (id: number | null) => (id === null ? null : context.isoOf(id));
  const issuing = isoOf(t.issued_govt);
  const residence = isoOf(t.residence_country ?? t.issued_govt);
  const field = t.residence_country === null ? 'issued_govt' : 'residence_country';
  if (residence !== null && !isEligibleResidence(context.rules, residence)) {
    return [{ rule: 'residence', path: ['taxform', field], message: 'residenceNotEligible' }];
  }
  const issuedInExcludedArea = issuing !== null && !isEligibleResidence(context.rules, issuing);
  if (issuedInExcludedArea && t.residence_proof.trim() === '') {
    return [
      {
        rule: 'residence',
        path: ['taxform', 'residence_proof'],
        message: 'residenceProofRequired',
      },
    ];
  }
  return [];
}

function documentIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  const t = payload.taxform;
  const issues: CountryIssue[] = [];
  if (t.passport_expiry !== null && t.passport_expiry < context.today) {
    issues.push({
      rule: 'document',
      path: ['taxform', 'passport_expiry'],
      message: 'documentExpired',
      params: { date: t.passport_expiry },
    });
  }
  if (t.traveler_dob !== null && t.traveler_dob > context.today) {
    issues.push({ rule: 'document', path: ['taxform', 'traveler_dob'], message: 'birthInFuture' });
  }
  return issues;
}

function dateIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  const { taxform: t, invoice, products } = payload;
  const sale = t.date_of_sales ?? context.today;
  const issues: CountryIssue[] = [];
  const afterSale = (date: string | null, path: PayloadIssue['path']) => {
    if (date !== null && date > sale) {
      issues.push({ rule: 'exportWindow', path, message: 'invoiceAfterSale' });
    }
  };
  afterSale(t.invoice_date, ['taxform', 'invoice_date']);
  if (context.productsMode) {
    products.forEach((row, i) =>
      afterSale(row.simplified_invoice_date, ['products', i, 'simplified_invoice_date']),
    );
  } else {
    invoice.forEach((entry, i) => afterSale(entry.invoice_date, ['invoice', i, 'invoice_date']));
  }
  const deadline = formExportDeadline(context.rules, payload, context);
  if (deadline < context.today) {
    issues.push({
      rule: 'exportWindow',
      path: ['taxform', 'date_of_sales'],
      message: 'exportWindowClosed',
      params: { date: deadline },
    });
  }
  return issues;
}

function rateIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  const rates = context.rules.vatRates.join(', ');
  const issues: CountryIssue[] = [];
  const check = (rate: number | null, path: PayloadIssue['path']) => {
    if (rate !== null && !isCountryVatRate(context.rules, rate)) {
      issues.push({ rule: 'rates', path, message: 'vatRateNotAllowed', params: { rate, rates } });
    }
  };
  if (context.productsMode) {
    payload.products.forEach((row, i) => check(row.vat_rate, ['products', i, 'vat_rate']));
    return issues;
  }
  payload.invoice.forEach((entry, i) => {
    if (entry.breakdown.length === 0) {
      check(entry.vat_product_rate, ['invoice', i, 'vat_product_rate']);
    }
    entry.breakdown.forEach((line, j) =>
      check(line.vat_product_rate, ['invoice', i, 'breakdown', j, 'vat_product_rate']),
    );
  });
  return issues;
}

function goodsIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  if (!context.productsMode) {
    return payload.taxform.items.trim() === ''
      ? [{ rule: 'goods', path: ['taxform', 'items'], message: 'purchaseDetailsRequired' }]
      : [];
  }
  return payload.products.flatMap((row, i): CountryIssue[] => {
    const goods = excludedGoodsOf(row.classification);
    if (goods === null || !context.rules.excludedGoods.includes(goods)) return [];
    return [
      {
        rule: 'goods',
        path: ['products', i, 'classification'],
        message: GOODS_EXCLUDED_MESSAGES[goods],
      },
    ];
  });
}

/**
 * Whether the form's amounts were typed by hand: "No auto calculation" ticked on a form of
 * invoices. A form of products has its amounts computed from its rows whatever the box says.
 */
export function isTypedByHand(payload: TaxFormPayload, productsMode: boolean): boolean {
  return payload.taxform.no_auto_calculation === 1 && !productsMode;
}

/**
 * Hand-typed amounts (no_auto_calculation), bounded: each invoice's totals are the sums of its
 * lines, each line's VAT is within a cent of what its rate gives for its gross and its net within
 * a cent of its gross less its VAT, and the refund is never above what the refund table gives for
 * that VAT. An invoice typed as its totals alone (no lines, as a receipt of several rates sums
 * them) has at most the VAT its rate, or the country's highest, gives for its gross.
 */
function manualAmountIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
  if (!isTypedByHand(payload, context.productsMode)) return [];
  const issues: CountryIssue[] = [];
  const { currency } = context.rules;
  payload.invoice.forEach((entry, i) => {
    const at = (...rest: (string | number)[]) => ['invoice', i, ...rest];
    const lines = entry.breakdown.map((line) => ({
      rate: line.vat_product_rate,
      net: amountToCents(line.net_sales_amount),
      vat: amountToCents(line.vat_amount),
      gross: amountToCents(line.gross_sales_price),
      refund: amountToCents(line.customer_refund),
    }));
    lines.forEach((line, j) => {
      const expected = lineFromGross(line.gross, line.rate).vat;
      if (Math.abs(line.vat - expected) > 1) {
        issues.push({
          rule: 'amounts',
          path: at('breakdown', j, 'vat_amount'),
          message: 'manualVatOff',
          params: { expected: money(expected, currency) },
        });
      }
      const net = line.gross - line.vat;
      if (Math.abs(line.net - net) > 1) {
        issues.push({
          rule: 'amounts',
          path: at('breakdown', j, 'net_sales_amount'),
          message: 'manualNetOff',
          params: { expected: money(net, currency) },
        });
      }
    });
    const vat = amountToCents(entry.vat_amount);
    const gross = amountToCents(entry.gross_sales_price);
    if (lines.length === 0) {
      const rate = entry.vat_product_rate ?? Math.max(...context.rules.vatRates);
      const maximum = lineFromGross(gross, rate).vat;
      if (vat > maximum + 1) {
        issues.push({
          rule: 'amounts',
          path: at('vat_amount'),
          message: 'manualVatAboveRate',
          params: { maximum: money(maximum, currency), rate },
        });
      }
    } else {
      const sum = (field: 'vat' | 'gross' | 'refund') =>
        lines.reduce((total, line) => total + line[field], 0);
      const totals = [
        ['vat_amount', entry.vat_amount, sum('vat')],
        ['gross_sales_price', entry.gross_sales_price, sum('gross')],
        ['customer_refund', entry.customer_refund, sum('refund')],
      ] as const;
      for (const [field, sent, expected] of totals) {
        if (amountToCents(sent) !== expected) {
          issues.push({
            rule: 'amounts',
            path: at(field),
            message: 'manualTotalDisagrees',
            params: { expected: money(expected, currency) },
          });
        }
      }
    }
    const highest = computeRefund({ vatCents: vat, grossCents: gross }, context.refund).refund;
    if (amountToCents(entry.customer_refund) > highest) {
      issues.push({
        rule: 'amounts',
        path: at('customer_refund'),
        message: 'refundAboveTable',
        params: { maximum: money(highest, currency) },
      });
    }
  });
  return issues;
}

/** Every rule of the shop's country the form breaks; empty when customs would accept it. */
export function countryRuleIssues(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): CountryIssue[] {
  const { purchaseCeiling, currency } = context.rules;
  return [
    ...minimumIssues(payload, computed, context),
    ...ceilingIssues(computed, {
      ceiling: purchaseCeiling,
      currency,
      productsMode: context.productsMode,
    }),
    ...residenceIssues(payload, context),
    ...documentIssues(payload, context),
    ...dateIssues(payload, context),
    ...rateIssues(payload, context),
    ...goodsIssues(payload, context),
    ...manualAmountIssues(payload, context),
  ];
}

export type EligibilityLine = { rule: EligibilityRule; issues: CountryIssue[] };

/**
 * The issue panel's summary: each rule with what breaks it (none: met). The minimum's line carries
 * the amount still missing in its issues' params. The amounts' line shows for amounts typed by
 * hand, and for any form above its ceiling.
 */
export function eligibilitySummary(
  payload: TaxFormPayload,
  computed: ComputedForm,
  context: CountryCheckContext,
): EligibilityLine[] {
  const issues = countryRuleIssues(payload, computed, context);
  const showsAmounts =
    isTypedByHand(payload, context.productsMode) ||
    issues.some((issue) => issue.rule === 'amounts');
  return ELIGIBILITY_RULES.filter((rule) => rule !== 'amounts' || showsAmounts).map((rule) => ({
    rule,
    issues: issues.filter((issue) => issue.rule === rule),
  }));
}
