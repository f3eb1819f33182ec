import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { isShopPath, shopReply } from '@/test/shop';
import { IssueForm } from './issue-form';

/** A Croatian shop: 25, 13 and 5 % VAT, the whole VAT refunded. */
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
    rate: 25,
    fraction: 0.2,
    purchase_amount_type: 'GROSS_AMOUNT',
    product_rates: '25,13,5',
    product_rates_array: [25, 13, 5],
  },
  refund_calculation_setting: { source: 'VAT_AMOUNT', tiers: [] },
};

const COUNTRIES = [{ id: 42, text: 'Bosnia and Herzegovina', ISO3: 'BIH', ISO2: 'BA', is_eu: 0 }];

function renderForm() {
  storeTestSession({ ushopSetting: 'false', country: 'HR' });
  mockFetchRoutes((url) => {
    if (isShopPath(url)) return shopReply({}, 'HR');
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
  renderWithProviders(<IssueForm session={session} formId={null} onSaved={() => undefined} />);
}

const amounts = () => screen.getByTestId('eligibility-amounts');
const typeGross = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Gross amount, line 1' }), {
    target: { value },
  });

describe('the ceiling of one form, in the eligibility summary', () => {
  it('names the ceiling as the server will, and says nothing of it below', async () => {
    renderForm();
    await screen.findByTestId('eligibility-summary');
    typeGross('1000000.01');
    await waitFor(() => expect(amounts().dataset.met).toBe('false'));
    expect(amounts().textContent).toContain(
      'One form can cover purchases of at most 1,000,000.00 EUR. Please check the amounts, or split the purchase over several forms.',
    );

    typeGross('1000000.00');
    await waitFor(() => expect(screen.queryByTestId('eligibility-amounts')).toBeNull());
  });
});
