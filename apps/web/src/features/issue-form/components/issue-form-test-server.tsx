import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { isShopPath, shopReply } from '@/test/shop';
import { IssueForm } from './issue-form';

/** A company's settings with nothing beyond SPEC 5's always-required fields. */
export const PLAIN_SETTINGS = {
  general_setting: {
    refund_methods: 'option2,option3,option5,option6',
    multiple_invoice_required: 0,
    invoice_ref_no_required: 0,
    refund_calculation_with_net_amount_is_from: 0,
  },
  tax_free_setting: {
    traveler_email_id_required: 0,
    nationality_in_issue_form: 0,
    traveler_dob_required: 0,
    traveler_postcode_required: 0,
    purchase_details_required: 0,
    final_destination_fields_required: 0,
    method_of_shipment_required: 0,
    refund_addition_fields_mandatory: 0,
    products_in_tfs_form: 0,
  },
  vat_setting: {
    rate: 25,
    fraction: 0.2,
    purchase_amount_type: 'GROSS_AMOUNT',
    product_rates: '25,13,5',
    product_rates_array: [25, 13, 5],
  },
  refund_calculation_setting: { source: 'VAT_AMOUNT', tiers: [] },
};

export const TEST_COUNTRIES = [
  { id: 42, text: 'Croatia', ISO3: 'HRV', ISO2: 'HR', is_eu: 1 },
  { id: 7, text: 'Serbia', ISO3: 'SRB', ISO2: 'RS', is_eu: 0 },
];

type NewFormOptions = {
  /** Travellers known by passport number (upper case), as GET …/traveller/passport answers. */
  travellers?: Record<string, unknown>;
  /** The barcode of the form the server says holds any receipt scanned; none by default. */
  receiptHeldBy?: string;
};

/** A new form of a Croatian shop, its settings, countries and known travellers served. */
export function renderNewForm({ travellers = {}, receiptHeldBy }: NewFormOptions = {}) {
  storeTestSession({ ushopSetting: 'true', country: 'HR' });
  const fetchMock = mockFetchRoutes((url) => {
    if (isShopPath(url)) return shopReply({});
    if (url.pathname.endsWith('/settings/tfsSettingDetails'))
      return { body: { status: 'success', data: PLAIN_SETTINGS } };
    if (url.pathname.endsWith('/taxforms/countries'))
      return { body: { status: 'success', data: TEST_COUNTRIES } };
    if (url.pathname.endsWith('/taxforms/currency'))
      return { body: { status: 'success', data: { currency: 'EUR' } } };
    if (url.pathname.endsWith('/taxforms/scanReceipt') && receiptHeldBy)
      return { body: { status: 'success', data: { held_by: receiptHeldBy } } };
    const known = /\/traveller\/passport\/([^/]+)$/.exec(url.pathname);
    const traveller = known && travellers[decodeURIComponent(known[1] ?? '').toUpperCase()];
    if (traveller) return { body: { status: 'success', data: traveller } };
    return undefined;
  });
  const session = readSession();
  if (!session) throw new Error('no session');
  renderWithProviders(<IssueForm session={session} formId={null} onSaved={() => undefined} />);
  return fetchMock;
}

/** ICAO 9303's check digit (weights 7, 3, 1) of a zone's field. */
function checkDigit(text: string): string {
  const value = (c: string) =>
    c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
  const weights = [7, 3, 1];
  return String([...text].reduce((sum, c, i) => sum + value(c) * (weights[i % 3] ?? 1), 0) % 10);
}

/** A valid passport zone (TD3, 2 × 44), its check digits computed. */
export function passportZone({
  state = 'HRV',
  names = 'HORVAT<<ANA',
  number = 'P12345678',
  birth = '850312',
  expiry = '341231',
} = {}): [string, string] {
  const line1 = `P<${state}${names}`.padEnd(44, '<');
  const docField = number.padEnd(9, '<');
  const personal = '<'.repeat(14);
  const part1 = `${docField}${checkDigit(docField)}`;
  const part2 = `${birth}${checkDigit(birth)}`;
  const part3 = `${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const line2 = `${part1}${state}${part2}F${part3}`;
  return [line1, `${line2}${checkDigit(`${part1}${part2}${part3}`)}`];
}
