import {
  COUNTRY_RULES,
  countryVatSetting,
  dayIn,
  type GeneralSetting,
  type RefundCalculationSetting,
  type TaxFreeSetting,
  type VatSetting,
} from '@taxfree/domain';

export const DEMO_ACCOUNT = {
  accountNo: '100100',
  username: 'demo',
  password: 'demo1234',
} as const;

/** The demo shop's clerk (the demo user is its manager), at the same counter. */
export const DEMO_CLERK = {
  username: 'clerk',
  password: 'clerk1234',
  name: 'Ivan Horvat',
  email: 'ivan.horvat@jadran-moda.example',
  mobile: '+385 91 555 0101',
} as const;

/** The demo company's shops: the first, where the manager and the clerk work, and a second. */
export const DEMO_FIRST_BRANCH = 'Jadran Moda – Ilica';
export const DEMO_SECOND_BRANCH = 'Jadran Moda – Riva Split';

/** The console's line about the demo: who signs in as the manager and the clerk, and the branches. */
export function demoAccountLine(created: boolean): string {
  const { accountNo, username, password } = DEMO_ACCOUNT;
  return (
    `${created ? 'Created the demo account' : 'Demo account'}: account number ${accountNo}, ` +
    `username ${username}, password ${password} (manager); ` +
    `clerk ${DEMO_CLERK.username}, password ${DEMO_CLERK.password}; ` +
    `branches "${DEMO_FIRST_BRANCH}" and "${DEMO_SECOND_BRANCH}"`
  );
}

/** The demo shop is Croatian: Croatia's law, currency and rates, its days Zagreb's, not UTC's. */
export const DEMO_COUNTRY = COUNTRY_RULES.HR;

export const DEMO_SETTINGS = {
  general: {
    refund_methods: 'option2,option3,option5,option6',
    multiple_invoice_required: 0,
    invoice_ref_no_required: 1,
    refund_calculation_with_net_amount_is_from: 0,
  } satisfies GeneralSetting,
  taxFree: {
    traveler_email_id_required: 0,
    nationality_in_issue_form: 1,
    traveler_dob_required: 0,
    traveler_postcode_required: 0,
    purchase_details_required: 1,
    final_destination_fields_required: 0,
    method_of_shipment_required: 1,
    refund_addition_fields_mandatory: 0,
    products_in_tfs_form: 0,
  } satisfies TaxFreeSetting,
  vat: {
    ...countryVatSetting(DEMO_COUNTRY),
    purchase_amount_type: 'GROSS_AMOUNT',
  } satisfies VatSetting,
  refund: { source: 'VAT_AMOUNT', tiers: [] } satisfies RefundCalculationSetting,
};

/** Travellers from outside the EU, with the letters their names really have. */
export const TRAVELLERS = [
  ['Aleksandar', 'Petrović', 'RS', 'RS'],
  ['Emina', 'Hodžić', 'BA', 'BA'],
  ['Wei', 'Zhang', 'CN', 'CN'],
  ['Mehmet', 'Yılmaz', 'TR', 'TR'],
  ['Yuki', 'Tanaka', 'JP', 'JP'],
  ['Jürg', 'Müller', 'CH', 'CH'],
  ['Kateryna', 'Shevchenko', 'UA', 'UA'],
  ['Sophie', 'Tremblay', 'CA', 'CA'],
  ['Oliver', 'Jones', 'GB', 'GB'],
  ['Lars', 'Ødegård', 'NO', 'NO'],
  ['Đorđe', 'Nikolić', 'RS', 'ME'],
  ['Amra', 'Čaušević', 'BA', 'BA'],
  ['Sarah', 'Goldberg', 'US', 'US'],
  ['Ji-woo', 'Park', 'KR', 'KR'],
  ['Priya', 'Sharma', 'IN', 'IN'],
  ['Mateus', 'Gonçalves', 'BR', 'BR'],
  ['Fatima', 'Al-Mansouri', 'AE', 'AE'],
  ['Þóra', 'Sigurðardóttir', 'IS', 'IS'],
] as const;

export const SHOPS = [
  'Leather handbag',
  'Wool coat',
  'Silk scarf and gloves',
  'Watch',
  'Shoes',
  'Perfume set',
];
export const STAGES = [
  'FORM_SUBMITTED',
  'FORM_VALIDATED',
  'FORM_COLLECTED',
  'FORM_REFUNDED',
] as const;
/** Croatian customs offices at the exits travellers take (airports, the road east, a port). */
export const CUSTOMS_OFFICES = [
  'Carinska ispostava Zračna luka Zagreb',
  'Carinska ispostava Bajakovo',
  'Carinska ispostava Zračna luka Split',
  'Carinska ispostava Dubrovnik',
] as const;
export const REFUND_METHODS = ['option2', 'option3', 'option5', 'option6'] as const;

export const isoDate = (date: Date) => dayIn(DEMO_COUNTRY.timeZone, date);
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A demo form as the seed builds it, before it is written. */
export type DemoForm = {
  i: number;
  barcode: string;
  soldAt: Date;
  stage: (typeof STAGES)[number];
  cancelled: boolean;
  invoiceReference: string;
  lines: { rate: number; net: number; vat: number; gross: number }[];
  totals: { net: number; vat: number; gross: number };
};
