import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShopDetail } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { isShopPath, shopReply } from '@/test/shop';
import { IssueForm } from './issue-form';

const SETTINGS = {
  general_setting: {
    refund_methods: 'option2,option3,option5,option6',
    multiple_invoice_required: 0,
    invoice_ref_no_required: 1,
    refund_calculation_with_net_amount_is_from: 0,
  },
  tax_free_setting: {
    traveler_email_id_required: 0,
    nationality_in_issue_form: 1,
    traveler_dob_required: 0,
    traveler_postcode_required: 0,
    purchase_details_required: 1,
    final_destination_fields_required: 0,
    method_of_shipment_required: 1,
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

const COUNTRIES = [
  { id: 42, text: 'Croatia', ISO3: 'HRV', ISO2: 'HR', is_eu: 1 },
  { id: 7, text: 'Serbia', ISO3: 'SRB', ISO2: 'RS', is_eu: 0 },
];

function renderForm(ushopSetting = 'true', shop: Partial<ShopDetail> = {}) {
  storeTestSession({ ushopSetting, country: 'HR' });
  mockFetchRoutes((url) => {
    if (isShopPath(url)) return shopReply(shop);
    if (url.pathname.endsWith('/settings/tfsSettingDetails'))
      return { body: { status: 'success', data: SETTINGS } };
    if (url.pathname.endsWith('/taxforms/countries'))
      return { body: { status: 'success', data: COUNTRIES } };
    if (url.pathname.endsWith('/taxforms/currency'))
      return { body: { status: 'success', data: { currency: 'EUR' } } };
    return undefined;
  });
  const session = readSession();
  if (!session) throw new Error('no session');
  return renderWithProviders(
    <IssueForm session={session} formId={null} onSaved={() => undefined} />,
  );
}

/** Opens a Mantine Select by its label and picks an option. */
async function choose(label: RegExp, option: string) {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('IssueForm', () => {
  it('starts with the SPEC 4 defaults', async () => {
    renderForm();
    expect(
      (
        (await screen.findByLabelText(/^Issuing country/, {
          selector: 'input',
        })) as HTMLInputElement
      ).value,
    ).toBe('Croatia');
    expect(
      (screen.getByLabelText(/^Method of shipment/, { selector: 'input' }) as HTMLInputElement)
        .value,
    ).toBe('Carried by the traveller');
    expect(screen.getByLabelText(/^Date of sale/).hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('button', { name: 'Issue Form' })).toBeTruthy();
  });

  it('computes VAT, net, refund and totals as the gross amount is typed', async () => {
    renderForm();
    const amount = await screen.findByRole('textbox', { name: 'Gross amount, line 1' });
    fireEvent.change(amount, { target: { value: '100.00' } });
    const line = screen.getAllByTestId('invoice-line')[0]!;
    await waitFor(() => expect(within(line).getAllByText('20.00 EUR')).toHaveLength(2));
    expect(within(line).getByText('80.00 EUR')).toBeTruthy();
    expect(screen.getByTestId('total-gross').textContent).toContain('100.00 EUR');
    expect(screen.getByTestId('total-refund').textContent).toContain('20.00 EUR');

    fireEvent.click(screen.getByRole('button', { name: 'Add more' }));
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'Gross amount, line 2' }), {
      target: { value: '113' },
    });
    // The new line takes the first rate (25 %): 113 → VAT 22.60.
    await waitFor(() => expect(screen.getByTestId('total-vat').textContent).toContain('42.60 EUR'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('total-gross').textContent).toContain('100.00 EUR'),
    );
  });

  it('reveals the freight forwarder and each refund method’s detail', async () => {
    renderForm();
    await screen.findByLabelText(/^Method of shipment/, { selector: 'input' });
    expect(screen.queryByLabelText(/Freight forwarder name/)).toBeNull();
    await choose(/^Method of shipment/, 'Sent by freight forwarding company');
    expect(await screen.findByLabelText(/Freight forwarder name/)).toBeTruthy();
    expect(screen.getByLabelText(/Freight forwarder address/)).toBeTruthy();

    await choose(/^Refund method/, 'Credit/Debit Card');
    const card = await screen.findByLabelText(/Credit card number/);
    fireEvent.change(card, { target: { value: '4111 1111 1111 1111' } });
    expect(await screen.findByText('Card type: Visa')).toBeTruthy();

    await choose(/^Refund method/, 'PayPal');
    expect(await screen.findByLabelText(/Refund e-mail/)).toBeTruthy();
    expect(screen.queryByLabelText(/Credit card number/)).toBeNull();

    await choose(/^Refund method/, 'Bank Transfer');
    expect(await screen.findByLabelText(/^IBAN/)).toBeTruthy();
    expect(screen.getByLabelText(/SWIFT/)).toBeTruthy();
    expect(screen.getByLabelText(/Bank name/)).toBeTruthy();
    expect(screen.getByLabelText(/Bank address/)).toBeTruthy();

    await choose(/^Refund method/, 'Cash');
    await waitFor(() => expect(screen.queryByLabelText(/^IBAN/)).toBeNull());
  });

  it('asks for the invoice date only in Croatia mode', async () => {
    const { unmount } = renderForm('true');
    expect(await screen.findByLabelText('Invoice date')).toBeTruthy();
    unmount();
    renderForm('false');
    await screen.findByLabelText(/^Invoice reference number/);
    expect(screen.queryByLabelText('Invoice date')).toBeNull();
  });

  it('shows the translated messages of the required fields on save', async () => {
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Issue Form' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    for (const message of [
      'Surname is required',
      'Mobile number is required',
      'Refund method is required',
      'Invoice reference number is required',
      'Gross amount is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    // On its field, and in the eligibility summary: goods must be described in Croatia.
    expect(screen.getAllByText('Purchase details are required')).toHaveLength(2);
  });

  it('says what the company still has to fill in, with the way there, and Issue sends nothing', async () => {
    renderForm('true', { legal_address: null, vat_number: 'HR12345678901' });
    const notice = await screen.findByRole('alert', {
      name: "Your company's legal identity is incomplete",
    });
    const items = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Registered address', 'VAT number (the one saved is not valid)']);
    const link = within(notice).getByRole('link', { name: 'Open Shop information' });
    expect(link.getAttribute('href')).toBe('#/shopUpdate');

    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    await waitFor(() => expect(document.activeElement).toBe(notice));
    const calls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.endsWith('/taxforms/issue'))).toBe(false);
  });

  it('shows no notice once the legal identity is complete', async () => {
    renderForm();
    await screen.findByRole('button', { name: 'Issue Form' });
    expect(screen.queryByText("Your company's legal identity is incomplete")).toBeNull();
  });
});
