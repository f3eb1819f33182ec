import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
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

/** ICAO 9303's specimen passport of Utopia: expired on 15 April 2012. */
const SPECIMEN_MRZ = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
].join('\n');

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

/** As the interface language writes the specimen's expiry date. */
const EXPIRED_MESSAGE = `The identity document expired on ${formatDate('2012-04-15')}`;

const line = (rule: string) => screen.getByTestId(`eligibility-${rule}`);
const stateOf = (rule: string) => line(rule).dataset.state;

/** The messages beside a field: its description and its error, as assistive technology reads them. */
function describedBy(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
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

describe('the eligibility summary', () => {
  it('judges nothing on a new form: every rule is not checked yet, neither met nor broken', async () => {
    renderForm();
    const summary = await screen.findByTestId('eligibility-summary');
    const lines = within(summary).getAllByRole('listitem');
    expect(lines).toHaveLength(6);
    for (const item of lines) {
      expect(item.dataset.state).toBe('unchecked');
      expect(item.dataset.met).toBeUndefined();
    }
    expect(line('residence').textContent).toBe('Traveller not checked yet');
    expect(line('document').textContent).toBe('Document not checked yet');
    expect(line('exportWindow').textContent).toBe('Export window not checked yet');
    expect(summary.textContent).not.toMatch(/Traveller eligible|Document valid|Within the export/);
  });

  it('turns the minimum from not met to met as the amount rises', async () => {
    renderForm();
    const summary = await screen.findByTestId('eligibility-summary');

    type('Gross amount, line 1', '40.00');
    await waitFor(() =>
      expect(line('minimum').textContent).toContain(
        'Below the minimum of 50.01 EUR per invoice: 10.01 EUR more is needed',
      ),
    );
    expect(line('minimum').textContent).toContain('Minimum purchase not reached');
    expect(line('minimum').dataset.met).toBe('false');
    expect(stateOf('goods')).toBe('notMet');

    type('Gross amount, line 1', '80.00');
    await waitFor(() => expect(line('minimum').dataset.met).toBe('true'));
    expect(line('minimum').textContent).toBe('Minimum purchase reached');
    type(/^Purchase details/, 'Winter coat');
    await waitFor(() => expect(summary.dataset.met).toBe('true'));
    for (const rule of ['exportWindow', 'rates', 'goods']) {
      expect(line(rule).dataset.met).toBe('true');
    }
    // No traveller named, no document's expiry known: nothing to judge them on yet.
    expect(stateOf('residence')).toBe('unchecked');
    expect(stateOf('document')).toBe('unchecked');
  });

  it('holds the form back while a rule is not met, then sends the new fields', async () => {
    const fetchMock = renderForm();
    await screen.findByTestId('eligibility-summary');
    await fillTraveller();
    await waitFor(() => expect(line('residence').dataset.met).toBe('true'));
    type('Gross amount, line 1', '40.00');
    await choose(/^Issuing country/, 'Croatia');
    await waitFor(() => expect(line('residence').dataset.met).toBe('false'));
    expect(line('residence').textContent).toContain(
      "Residents of this traveller's country cannot get a tax-free refund here. If the traveller lives elsewhere, choose the country of residence and enter the proof of residence.",
    );

    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    expect(
      await screen.findByText('The form has not been sent: it does not meet every rule above yet.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('eligibility-summary')),
    );
    expect(issueRequests(fetchMock)).toHaveLength(0);

    await choose(/^Country of residence/, 'Serbia');
    await waitFor(() => expect(line('residence').textContent).toContain('proof of residence'));
    type(/^Proof of residence/, 'Residence permit 123/2025');
    fireEvent.change(screen.getByLabelText(/^Document expiry date/), {
      target: { value: '2031-07-01' },
    });
    type('Gross amount, line 1', '80.00');
    await waitFor(() => expect(screen.getByTestId('eligibility-summary').dataset.met).toBe('true'));
    expect(screen.queryByText(/has not been sent/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    await waitFor(() => expect(issueRequests(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(issueRequests(fetchMock)[0]?.[1]?.body)) as {
      taxform: Record<string, unknown>;
    };
    expect(body.taxform).toMatchObject({
      issued_govt: 98,
      residence_country: 7,
      residence_proof: 'Residence permit 123/2025',
      passport_expiry: '2031-07-01',
    });
    expect(screen.queryByText(/has not been sent/)).toBeNull();
  });

  it('marks the expiry date of an expired document red, with the reason beside it', async () => {
    renderForm();
    const expiry = await screen.findByLabelText(/^Document expiry date/);
    fireEvent.change(expiry, { target: { value: '2031-07-01' } });
    await waitFor(() => expect(line('document').dataset.met).toBe('true'));
    expect(line('document').textContent).toBe('Document valid');
    expect(expiry.getAttribute('aria-invalid')).not.toBe('true');

    fireEvent.change(expiry, { target: { value: '2012-04-15' } });
    await waitFor(() => expect(line('document').dataset.met).toBe('false'));
    expect(line('document').textContent).toContain(EXPIRED_MESSAGE);
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(expiry)).toContain(EXPIRED_MESSAGE);

    fireEvent.change(expiry, { target: { value: '2031-07-01' } });
    await waitFor(() => expect(line('document').dataset.met).toBe('true'));
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('fills the document expiry from a passport scan, and finds the document expired', async () => {
    renderForm();
    const scan = await screen.findByRole('textbox', { name: /Scan passport/ });
    fireEvent.change(scan, { target: { value: SPECIMEN_MRZ } });
    fireEvent.click(screen.getByRole('button', { name: 'Read scan' }));
    const expiry = screen.getByLabelText(/^Document expiry date/) as HTMLInputElement;
    await waitFor(() => expect(expiry.value).toMatch(/2012/));
    expect((screen.getByLabelText(/^Surname/) as HTMLInputElement).value).toBe('ERIKSSON');
    const traveller = screen.getByRole('region', { name: 'Traveller' });
    expect(within(traveller).getByRole('alert').textContent).toBe(EXPIRED_MESSAGE);
    await waitFor(() => expect(line('document').dataset.met).toBe('false'));
    expect(line('document').textContent).toContain(EXPIRED_MESSAGE);
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows nothing for a shop in a country the portal has no rules for', async () => {
    renderForm('GB');
    await screen.findByRole('textbox', { name: 'Gross amount, line 1' });
    expect(screen.queryByTestId('eligibility-summary')).toBeNull();
  });
});
