import { COUNTRY_RULES, type SupportedCountry } from '../countries/country-table.ts';
import { lineFromGross } from '../money/breakdown.rules.ts';
import { centsToAmount } from '../money/money.rules.ts';
import { taxFormPayloadSchema, type TaxFormPayload } from '../forms/tax-form-payload.schema.ts';
import {
  countryVatSetting,
  generalSettingSchema,
  parseSetting,
  refundCalculationSettingSchema,
  taxFreeSettingSchema,
  vatSettingSchema,
} from '../settings/settings.schema.ts';
import type { Decision } from './decision.ts';
import type { FormSettings, IssueContext } from './decide-issue.ts';

/**
 * What the decisions' tests build their cases from: a company of each country the portal serves
 * with the settings retailer:create gives it, a traveller every country refunds, invoices whose
 * amounts are the ones computed from their lines, and a readable view of a refusal.
 */

/** The shop's today in every case: a Wednesday in May. */
export const TODAY = '2026-05-20';

/** A few ids of a countries table, and their ISO codes. */
export const COUNTRY_IDS = {
  BA: 42,
  CN: 48,
  DE: 57,
  FR: 75,
  HR: 98,
  RS: 190,
  US: 233,
} as const;
export type KnownCountry = keyof typeof COUNTRY_IDS;

export const idOf = (iso: KnownCountry) => COUNTRY_IDS[iso];
export const isoOf = (id: number) =>
  Object.entries(COUNTRY_IDS).find(([, value]) => value === id)?.[0] ?? null;

/** A registered name, address and VAT number (its check digit right) in each country. */
export const LEGAL_IDENTITIES: Record<SupportedCountry, { address: string; vatNumber: string }> = {
  HR: { address: 'Ilica 12, 10000 Zagreb', vatNumber: 'HR69435151530' },
  SI: { address: 'Čopova ulica 5, 1000 Ljubljana', vatNumber: 'SI58347887' },
  RS: { address: 'Knez Mihailova 10, 11000 Beograd', vatNumber: '104708953' },
  BA: { address: 'Ferhadija 7, 71000 Sarajevo', vatNumber: '200123450009' },
};

type SettingsChange = {
  general?: Record<string, unknown>;
  taxFree?: Record<string, unknown>;
  vat?: Record<string, unknown>;
  refund?: Record<string, unknown>;
};

/** The settings of a new shop of `country` (retailer:create), each part changed as given. */
export function shopSettings(country: SupportedCountry, change: SettingsChange = {}): FormSettings {
  return {
    general: parseSetting(generalSettingSchema, change.general),
    taxFree: parseSetting(taxFreeSettingSchema, change.taxFree),
    vat: parseSetting(vatSettingSchema, {
      ...countryVatSetting(COUNTRY_RULES[country]),
      ...change.vat,
    }),
    refund: parseSetting(refundCalculationSettingSchema, change.refund),
  };
}

/** What a shop of `country` issues under, today, its legal identity complete and valid. */
export function issueContext(
  country: SupportedCountry,
  change: SettingsChange & { company?: Partial<IssueContext['company']> } = {},
): IssueContext {
  const { address, vatNumber } = LEGAL_IDENTITIES[country];
  return {
    company: {
      country,
      currency: COUNTRY_RULES[country].currency,
      legalName: `Shop ${country} d.o.o.`,
      address,
      vatNumber,
      ...change.company,
    },
    settings: shopSettings(country, change),
    today: TODAY,
    isoOf,
  };
}

/** An invoice of one line typed as its gross (cents), with the amounts computed for it. */
export function invoiceOf(grossCents: number, rate: number, date = TODAY) {
  const line = lineFromGross(grossCents, rate);
  const amount = (cents: number) => centsToAmount(cents);
  return {
    invoice_date: date,
    invoice_reference_number: `R-${date}-${grossCents}`,
    customer_refund: amount(line.vat),
    gross_sales_price: amount(line.gross),
    refund_amount: amount(line.vat),
    vat_amount: amount(line.vat),
    vat_product_rate: rate,
    breakdown: [
      {
        vat_product_rate: rate,
        net_sales_amount: amount(line.net),
        vat_amount: amount(line.vat),
        gross_sales_price: amount(line.gross),
        customer_refund: amount(line.vat),
      },
    ],
  };
}
export type WireInvoice = ReturnType<typeof invoiceOf>;

/** One line typed by hand: its VAT as given (cents), its net what the VAT leaves of the gross. */
export function manualInvoice(grossCents: number, vatCents: number, rate: number, date = TODAY) {
  const invoice = invoiceOf(grossCents, rate, date);
  const vat = centsToAmount(vatCents);
  const line = {
    ...invoice.breakdown[0]!,
    net_sales_amount: centsToAmount(grossCents - vatCents),
    vat_amount: vat,
    customer_refund: vat,
  };
  return {
    ...invoice,
    vat_amount: vat,
    customer_refund: vat,
    refund_amount: vat,
    breakdown: [line],
  };
}

/** An invoice typed by hand as its totals alone, with no lines (amounts in currency units). */
export function totalsOnly(gross: number, vat: number, refund: number) {
  return {
    invoice_date: TODAY,
    invoice_reference_number: `T-${gross}-${vat}`,
    customer_refund: refund,
    gross_sales_price: gross,
    refund_amount: refund,
    vat_amount: vat,
    vat_product_rate: null,
    breakdown: [],
  };
}

/** A product row as the Issue panel sends it (net in currency units). */
export function productRow(row: {
  net: number;
  rate: number;
  classification?: string;
  invoice?: string;
  quantity?: number;
}) {
  return {
    classification: row.classification ?? 'CLOTHING',
    description: `Goods of class ${row.classification ?? 'CLOTHING'}`,
    quantity: row.quantity ?? 1,
    serial_number: '',
    net_amount: row.net,
    vat_rate: row.rate,
    simplified_invoice_number: row.invoice ?? '',
    simplified_invoice_date: TODAY,
  };
}

/**
 * A form as the Issue panel sends it, parsed as the server parses it: a traveller from China
 * refunded by card, sold today; `invoice` and `products` replace the rows, `taxform` the fields.
 */
export function formPayload(
  overrides: {
    taxform?: Record<string, unknown>;
    invoice?: unknown[];
    products?: unknown[];
  } = {},
): TaxFormPayload {
  return taxFormPayloadSchema.parse({
    taxform: {
      traveler_name: 'Wei',
      traveler_surname: 'Zhang',
      traveler_email: 'wei.zhang@mail.example',
      traveler_mobile: '+86 138 0013 8000',
      passport: 'E12345678',
      issued_govt: COUNTRY_IDS.CN,
      nationality: COUNTRY_IDS.CN,
      traveler_dob: '1985-03-02',
      traveler_address: '1 Chang An Avenue, Beijing',
      items: 'Wool coat',
      date_of_sales: TODAY,
      method_of_shipment: 'Carried by the traveller',
      method_of_refund: 'option2',
      acc_details: '4111 1111 1111 1111',
      no_auto_calculation: 0,
      ...overrides.taxform,
    },
    invoice: overrides.invoice ?? [invoiceOf(250_00, 25)],
    products: overrides.products ?? [],
  });
}

/** A refusal as `[code, [path, message, params]…, params]`, or null for a form that is allowed. */
export function refusalOf(decision: Decision<unknown>) {
  if (decision.ok) return null;
  const { code, issues = [], params } = decision.refusal;
  return {
    code,
    issues: issues.map((issue) => [issue.path.join('.'), issue.message, issue.params ?? {}]),
    ...(params && { params }),
  };
}

/** What an allowed decision writes; fails the test with the refusal when it was refused. */
export function allowed<T>(decision: Decision<T>): T {
  if (!decision.ok) throw new Error(`refused: ${JSON.stringify(decision.refusal)}`);
  return decision.value;
}
