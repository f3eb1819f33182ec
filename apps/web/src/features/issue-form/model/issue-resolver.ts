import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AmountSettings,
  type CountryCode,
  issueFormSchema,
  type IssueFormSettings,
  isMasked,
  type Language,
  loadNumberingPlans,
  type TaxFormPayload,
} from '@taxfree/domain';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { invoiceAmounts } from './amounts';
import type { IssueFormValues } from './tax-form-values';
import { readTypedAmounts } from './typed-amounts';

/** What an edited form showed masked: sent back unchanged, the server keeps the stored value. */
export type MaskedDetails = { card: string; iban: string };

// Stand-ins that pass the format checks while a masked value is validated.
const VALID_CARD = '4111111111111111';
const VALID_IBAN = 'GB82WEST12345698765432';

/**
 * The values as validated and sent: in products mode the product rows and no invoice (the server
 * makes the rows the form's invoice); otherwise the invoices, no product rows, and each invoice's
 * amounts computed from its lines (or, with no_auto_calculation, its lines as typed and its
 * totals their sums).
 */
export function withComputedAmounts(
  values: IssueFormValues,
  amounts: AmountSettings,
  productsMode = false,
): IssueFormValues {
  if (productsMode) return { ...values, invoice: [] };
  const manual = values.taxform.no_auto_calculation === 1;
  return {
    ...values,
    products: [],
    invoice: values.invoice.map((invoice) => {
      const { net_amount: _net, ...computed } = invoiceAmounts(invoice, amounts, manual);
      return { ...invoice, ...computed };
    }),
  };
}

/**
 * The domain's `issueFormSchema` (the server's exact rules) over the values with their amounts
 * computed; a masked card number or IBAN that was not retyped is checked as valid and sent back
 * unchanged. Typed amounts are read in the interface language (`language`, English by default)
 * first: one that cannot be read is refused on its field, never sent as another amount. A phone
 * number waits for its numbering plans.
 */
export function issueFormResolver(
  settings: IssueFormSettings,
  amounts: AmountSettings,
  options: { phoneCountry?: CountryCode; masked?: MaskedDetails; language?: Language },
): Resolver<IssueFormValues, unknown, TaxFormPayload> {
  const schema = issueFormSchema(settings, { phoneCountry: options.phoneCountry });
  const validate = zodResolver(schema) as unknown as Resolver<
    IssueFormValues,
    unknown,
    TaxFormPayload
  >;
  const masked = options.masked;
  return async (values, context, resolverOptions) => {
    // The phone number's plans come with the first number typed: the panel opens without them.
    if (values.taxform.traveler_mobile.trim() !== '') await loadNumberingPlans();
    const productsMode = settings.taxFree.products_in_tfs_form === 1;
    const typed = readTypedAmounts(values, {
      language: options.language ?? 'en',
      purchaseAmountType: amounts.purchaseAmountType,
      productsMode,
    });
    const prepared = withComputedAmounts(typed.values, amounts, productsMode);
    const keepCard = Boolean(
      masked?.card && isMasked(masked.card) && values.taxform.acc_details === masked.card,
    );
    const keepIban = Boolean(
      masked?.iban && isMasked(masked.iban) && values.taxform.iban === masked.iban,
    );
    const checked: IssueFormValues = {
      ...prepared,
      taxform: {
        ...prepared.taxform,
        acc_details: keepCard ? VALID_CARD : prepared.taxform.acc_details,
        iban: keepIban ? VALID_IBAN : prepared.taxform.iban,
      },
    };
    const result = await validate(checked, context, resolverOptions);
    if (typed.refusals.size > 0) {
      const errors: FieldErrors<IssueFormValues> = { ...result.errors };
      for (const [path, message] of typed.refusals) set(errors, path, { type: 'custom', message });
      return { values: {}, errors };
    }
    if (Object.keys(result.errors).length > 0 || !masked) return result;
    const output = result.values as TaxFormPayload;
    const kept: TaxFormPayload = {
      ...output,
      taxform: {
        ...output.taxform,
        acc_details:
          keepCard && output.taxform.acc_details ? masked.card : output.taxform.acc_details,
        iban: keepIban && output.taxform.iban ? masked.iban : output.taxform.iban,
      },
    };
    return { values: kept, errors: {} };
  };
}
