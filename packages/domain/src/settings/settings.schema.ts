import * as z from 'zod/mini';
import type { CountryRules } from '../countries/country-rules.ts';
import { DEFAULT_COUNTRY_RULES } from '../countries/country-table.ts';

const flag = z.union([z.literal(0), z.literal(1)]);

/** Refund methods offered at the counter (SPEC 9). */
export const REFUND_METHODS = ['option2', 'option3', 'option5', 'option6'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const generalSettingSchema = z.object({
  refund_methods: z._default(z.string(), 'option2,option3,option5,option6'),
  multiple_invoice_required: z._default(flag, 0),
  invoice_ref_no_required: z._default(flag, 0),
  /** Whether the refund is computed from amounts entered net (SPEC 3). */
  refund_calculation_with_net_amount_is_from: z._default(flag, 0),
});

export const taxFreeSettingSchema = z.object({
  traveler_email_id_required: z._default(flag, 0),
  nationality_in_issue_form: z._default(flag, 1),
  traveler_dob_required: z._default(flag, 0),
  traveler_postcode_required: z._default(flag, 0),
  purchase_details_required: z._default(flag, 0),
  final_destination_fields_required: z._default(flag, 0),
  method_of_shipment_required: z._default(flag, 1),
  refund_addition_fields_mandatory: z._default(flag, 0),
  products_in_tfs_form: z._default(flag, 0),
});

/**
 * The VAT setting a shop of the country starts with, from the country's rates: the standard rate
 * (the highest), VAT as a fraction of the gross price at it, and every rate offered on the lines.
 */
export function countryVatSetting(rules: Pick<CountryRules, 'vatRates'>) {
  const rate = Math.max(0, ...rules.vatRates);
  return { rate, fraction: rate / (100 + rate), product_rates: rules.vatRates.join(',') };
}

/** Where a stored setting leaves them out: the portal's first market's (SPEC 9: 25,13,5). */
const DEFAULT_VAT = countryVatSetting(DEFAULT_COUNTRY_RULES);

export const vatSettingSchema = z.object({
  /** The standard rate, in percent. */
  rate: z._default(z.number().check(z.gte(0), z.lte(100)), DEFAULT_VAT.rate),
  /** VAT as a fraction of the gross price at the standard rate (rate / (100 + rate)). */
  fraction: z._default(z.number().check(z.gte(0), z.lte(1)), DEFAULT_VAT.fraction),
  purchase_amount_type: z._default(z.enum(['NET_AMOUNT', 'GROSS_AMOUNT']), 'GROSS_AMOUNT'),
  /** Comma list of the rates offered on the invoice lines. */
  product_rates: z._default(z.string(), DEFAULT_VAT.product_rates),
});

export const refundTierSchema = z
  .object({
    /** Lower bound of the source amount, in cents, inclusive. */
    from: z.number().check(z.int(), z.gte(0)),
    /** Upper bound of the source amount, in cents, exclusive; null means no upper bound. */
    to: z.nullable(z.number().check(z.int(), z.positive())),
    /** Share of the VAT refunded, in percent… */
    percentage: z.optional(z.number().check(z.gte(0), z.lte(100))),
    /** …or a fixed refund, in cents… */
    fixed: z.optional(z.number().check(z.int(), z.gte(0))),
    /** …or a fixed fee, in cents: the VAT less this is refunded (DOMAIN.md: small retailers). */
    fee: z.optional(z.number().check(z.int(), z.gte(0))),
  })
  .check(
    z.refine(
      (tier) =>
        [tier.percentage, tier.fixed, tier.fee].filter((value) => value !== undefined).length === 1,
      { message: 'invalidValue' },
    ),
  );

export const refundCalculationSettingSchema = z.object({
  source: z._default(z.enum(['VAT_AMOUNT', 'GROSS_AMOUNT']), 'VAT_AMOUNT'),
  /** No tiers: the full VAT is refunded (a seller refunding directly). */
  tiers: z._default(z.array(refundTierSchema), []),
  /** The least the operator keeps of an invoice's VAT, in cents (0: no minimum). */
  minimum_fee: z.optional(z.number().check(z.int(), z.gte(0))),
});

export type GeneralSetting = z.infer<typeof generalSettingSchema>;
export type TaxFreeSetting = z.infer<typeof taxFreeSettingSchema>;
export type VatSetting = z.infer<typeof vatSettingSchema>;
export type RefundCalculationSetting = z.infer<typeof refundCalculationSettingSchema>;

/** Parses a stored settings document, filling what is missing with the defaults. */
export const parseSetting = <T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> =>
  schema.parse(value ?? {});
