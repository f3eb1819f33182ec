import {
  EXCLUDED_GOODS,
  EXCLUDED_GOODS_CLASSES,
  isCountryVatRate,
  type ExcludedGoods,
} from '../countries/country-rules.ts';
import type { PayloadIssue, TaxFormPayload } from './tax-form-payload.schema.ts';
import type { CountryCheckContext, CountryIssue } from './country-issue.ts';

/** The goods of a form and their VAT rates, checked against the country's rules. */

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

export function rateIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
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

export function goodsIssues(payload: TaxFormPayload, context: CountryCheckContext): CountryIssue[] {
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
