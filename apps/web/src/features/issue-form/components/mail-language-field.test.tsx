import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { isShopPath, shopReply } from '@/test/shop';
import { IssueForm } from './issue-form';

/** A Slovenian shop: 22, 9.5 and 5 % VAT, the whole VAT refunded, no reference asked for. */
const SETTINGS = {
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
    rate: 22,
    fraction: 0.18,
    purchase_amount_type: 'GROSS_AMOUNT',
    product_rates: '22,9.5,5',
    product_rates_array: [22, 9.5, 5],
  },
  refund_calculation_setting: { source: 'VAT_AMOUNT', tiers: [] },
};

const COUNTRIES = [
  { id: 42, text: 'Bosnia and Herzegovina', ISO3: 'BIH', ISO2: 'BA', is_eu: 0 },
  { id: 98, text: 'Croatia', ISO3: 'HRV', ISO2: 'HR', is_eu: 1 },
  { id: 7, text: 'Serbia', ISO3: 'SRB', ISO2: 'RS', is_eu: 0 },
];

function renderForm(country = 'SI') {
  storeTestSession({ ushopSetting: 'false', country });
  const fetchMock = mockFetchRoutes((url) => {
    if (isShopPath(url)) return shopReply({}, country);
    if (url.pathname.endsWith('/settings/tfsSettingDetails'))
      return { body: { status: 'success', data: SETTINGS } };
    if (url.pathname.endsWith('/taxforms/countries'))
      return { body: { status: 'success', data: COUNTRIES } };
    if (url.pathname.endsWith('/taxforms/currency'))
      return { body: { status: 'success', data: { currency: 'EUR' } } };
    if (url.pathname.endsWith('/taxforms/issue'))
      return { body: { status: 'success', message: 'Saved', data: { id: 1, barcode: '1' } } };
    return undefined;
  });
  const session = readSession();
  if (!session) throw new Error('no session');
  renderWithProviders(<IssueForm session={session} formId={null} onSaved={() => undefined} />);
  return fetchMock;
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

/** Opens a Mantine Select by its label and picks an option. */
async function choose(label: RegExp, option: string) {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Everything a Slovenian form needs but the amount. */
async function fillTraveller() {
  type(/^Name/, 'Ana');
  type(/^Surname/, 'Petrović');
  type(/^Passport number/, 'P1234567');
  type(/^Mobile/, '+381 64 1234567');
  type(/^Address/, 'Knez Mihailova 1, Beograd');
  type(/^Purchase details/, 'Winter coat');
  await choose(/^Refund method/, 'Cash');
}

function issueRequests(fetchMock: ReturnType<typeof mockFetchRoutes>) {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/taxforms/issue'));
}

const languageInput = () =>
  screen.getByLabelText(/^E-mail language/, { selector: 'input' }) as HTMLInputElement;

describe('the e-mail language', () => {
  it('shows the language the traveller’s nationality gives, and sends the one chosen', async () => {
    const fetchMock = renderForm('GB');
    await screen.findByRole('textbox', { name: 'Gross amount, line 1' });
    // A new form's issuing country is Bosnia and Herzegovina: Bosnian unless told otherwise.
    expect(languageInput().placeholder).toBe('Default: Bosanski');
    await choose(/^Nationality/, 'Serbia');
    await waitFor(() => expect(languageInput().placeholder).toBe('Default: Srpski'));

    await fillTraveller();
    type('Gross amount, line 1', '80.00');
    await choose(/^E-mail language/, 'Deutsch');
    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    await waitFor(() => expect(issueRequests(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(issueRequests(fetchMock)[0]?.[1]?.body)) as {
      taxform: Record<string, unknown>;
    };
    expect(body.taxform).toMatchObject({ nationality: 7, traveller_language: 'de' });
  });
});
