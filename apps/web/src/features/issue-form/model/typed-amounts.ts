import type { Language, PurchaseAmountType } from '@taxfree/domain';
import { amountRefusalText, readKeptAmount } from '@/lib/typed-amount';
import { typedAmountField } from './amounts';
import type { IssueFormValues, LineValues } from './tax-form-values';

const LINE_AMOUNTS = [
  'net_sales_amount',
  'vat_amount',
  'gross_sales_price',
  'customer_refund',
] as const satisfies readonly (keyof LineValues)[];

type TypedAmountsOptions = {
  language: Language;
  purchaseAmountType: PurchaseAmountType;
  productsMode: boolean;
};

/**
 * The amounts the clerk typed, read in the interface language: the values with each typed amount
 * as the wire's text, and, by field, the message of each that cannot be read. Only what is sent
 * is read: the product rows in products mode, otherwise each line's typed amount (every amount of
 * a line with no_auto_calculation).
 */
export function readTypedAmounts(
  values: IssueFormValues,
  { language, purchaseAmountType, productsMode }: TypedAmountsOptions,
): { values: IssueFormValues; refusals: Map<string, string> } {
  const refusals = new Map<string, string>();
  const read = (path: string, text: string) => {
    const reading = readKeptAmount(text, language);
    if (reading.ok) return reading.text;
    refusals.set(path, amountRefusalText(reading.reason, language));
    return text;
  };
  if (productsMode) {
    const products = values.products.map((row, index) => ({
      ...row,
      net_amount: read(`products.${index}.net_amount`, row.net_amount),
    }));
    return { values: { ...values, products }, refusals };
  }
  const fields =
    values.taxform.no_auto_calculation === 1
      ? LINE_AMOUNTS
      : [typedAmountField(purchaseAmountType)];
  const invoice = values.invoice.map((entry, i) => ({
    ...entry,
    breakdown: entry.breakdown.map((line, j) => {
      const kept = { ...line };
      for (const field of fields) {
        kept[field] = read(`invoice.${i}.breakdown.${j}.${field}`, line[field]);
      }
      return kept;
    }),
  }));
  return { values: { ...values, invoice }, refusals };
}
