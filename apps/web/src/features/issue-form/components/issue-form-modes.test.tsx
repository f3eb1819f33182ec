import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localToday } from '@taxfree/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { isShopPath, shopReply } from '@/test/shop';
import { draftKey } from '../model/draft';
import { newFormValues } from '../model/tax-form-values';
import { IssueForm } from './issue-form';

type Reply = { status?: number; body?: unknown };
type Flags = {
  multiple?: 0 | 1;
  products?: 0 | 1;
  classifications?: boolean;
  /** What issuing answers (by default: saved). */
  issued?: Reply;
};

function settingsWith({ multiple = 0, products = 0 }: Flags) {
  return {
    general_setting: {
      refund_methods: 'option2,option3,option5,option6',
      multiple_invoice_required: multiple,
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
      products_in_tfs_form: products,
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
}

const COUNTRIES = [{ id: 42, text: 'Croatia', ISO3: 'HRV', ISO2: 'HR', is_eu: 1 }];
const DRAFT_KEY = draftKey('7', '3');

function renderForm(flags: Flags = {}, onClose?: () => void) {
  // A shop in a country the portal has no rules for: these tests are about the form's modes, and
  // the hand-typed amounts below break the bounds a country's rules set.
  storeTestSession({ ushopSetting: 'true', country: 'GB' });
  const fetchMock = mockFetchRoutes((url) => {
    if (isShopPath(url)) return shopReply();
    if (url.pathname.endsWith('/settings/tfsSettingDetails'))
      return { body: { status: 'success', data: settingsWith(flags) } };
    if (url.pathname.endsWith('/taxforms/countries'))
      return { body: { status: 'success', data: COUNTRIES } };
    if (flags.classifications && url.pathname.endsWith('/tfs/products'))
      return {
        body: {
          status: 'success',
          data: [
            { category_id: '6403', name: 'Footwear', description: 'Footwear' },
            { category_id: '4203', name: 'Leather goods', description: 'Leather goods' },
          ],
        },
      };
    if (url.pathname.endsWith('/taxforms/currency'))
      return { body: { status: 'success', data: { currency: 'EUR' } } };
    if (url.pathname.endsWith('/taxforms/issue'))
      return (
        flags.issued ?? {
          body: { status: 'success', message: 'Saved', data: { id: 1, barcode: '1' } },
        }
      );
    return undefined;
  });
  const session = readSession();
  if (!session) throw new Error('no session');
  const view = renderWithProviders(
    <IssueForm session={session} formId={null} onSaved={() => undefined} onClose={onClose} />,
  );
  return { ...view, fetchMock };
}

/** A stored draft of a complete traveller (values over a new form's defaults). */
function storeDraft(change: (values: ReturnType<typeof newFormValues>) => void) {
  // Dated as the form dates a new one: today on the browser's calendar, not UTC's.
  const values = newFormValues(localToday(), 25);
  Object.assign(values.taxform, {
    traveler_name: 'Ana',
    traveler_surname: 'Horvat',
    traveler_mobile: '+385 91 234 5678',
    passport: 'P123456',
    traveler_address: 'Ilica 1, Zagreb',
    method_of_refund: 'option5',
  });
  change(values);
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, values }));
}

function issuedBody(fetchMock: ReturnType<typeof mockFetchRoutes>) {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/taxforms/issue'));
  return JSON.parse(String(call?.[1]?.body)) as {
    taxform: { no_auto_calculation: number };
    invoice: { vat_amount: number; breakdown: unknown[] }[];
    products: { description: string }[];
  };
}

afterEach(() => localStorage.clear());

describe('IssueForm modes', () => {
  it('adds and removes invoices, each with its own lines and totals', async () => {
    renderForm({ multiple: 1 });
    fireEvent.change(
      await screen.findByRole('textbox', { name: 'Gross amount, invoice 1, line 1' }),
      { target: { value: '100' } },
    );
    expect(screen.queryByRole('button', { name: 'Remove invoice 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add invoice' }));
    expect(await screen.findByLabelText('Invoice reference number 2')).toBeTruthy();
    expect(screen.getByLabelText('Invoice date 2')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Gross amount, invoice 2, line 1' }), {
      target: { value: '50' },
    });
    const [, second] = screen.getAllByTestId('invoice');
    await waitFor(() =>
      expect(within(second!).getByTestId('invoice-total-vat').textContent).toBe('10.00 EUR'),
    );
    expect(screen.getByTestId('total-gross').textContent).toBe('150.00 EUR');
    expect(screen.getByTestId('total-vat').textContent).toBe('30.00 EUR');

    fireEvent.click(screen.getByRole('button', { name: 'Remove invoice 1' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice')).toHaveLength(1));
    expect(screen.getByTestId('total-gross').textContent).toBe('50.00 EUR');
    expect(screen.queryByRole('button', { name: /Remove invoice/ })).toBeNull();
  });

  it('lets the clerk type every amount by hand with no auto calculation', async () => {
    storeDraft(() => undefined);
    const { fetchMock } = renderForm();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gross amount, line 1' }), {
      target: { value: '100' },
    });
    expect(screen.queryByRole('textbox', { name: 'VAT amount, line 1' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /No auto calculation/ }));
    const vat = (await screen.findByRole('textbox', {
      name: 'VAT amount, line 1',
    })) as HTMLInputElement;
    // The computed amounts are the starting point.
    expect(vat.value).toBe('20.00');
    const refund = screen.getByRole('textbox', { name: 'Refund, line 1' }) as HTMLInputElement;
    expect(refund.value).toBe('20.00');
    fireEvent.change(vat, { target: { value: '19.00' } });
    fireEvent.change(refund, { target: { value: '15.00' } });
    await waitFor(() => expect(screen.getByTestId('total-vat').textContent).toBe('19.00 EUR'));
    expect(screen.getByTestId('total-refund').textContent).toBe('15.00 EUR');

    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
    const body = issuedBody(fetchMock);
    expect(body.taxform.no_auto_calculation).toBe(1);
    expect(body.invoice[0]).toMatchObject({ vat_amount: 19, customer_refund: 15 });
  });

  it("says what the server found missing in the shop's legal identity, and reads the shop again", async () => {
    storeDraft(() => undefined);
    const message = 'The VAT number is missing: fill it in under Shop information.';
    const { fetchMock } = renderForm({
      issued: {
        status: 400,
        body: {
          status: 'error',
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid. Please check them and try again.',
          errors: [{ field: 'company.vat_number', message }],
        },
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gross amount, line 1' }), {
      target: { value: '150' },
    });
    const shopReads = () =>
      fetchMock.mock.calls.filter(([url]) => isShopPath(new URL(String(url), 'http://localhost')))
        .length;
    await waitFor(() => expect(shopReads()).toBeGreaterThan(0));
    const before = shopReads();
    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(shopReads()).toBeGreaterThan(before));
  });

  it("offers the company's classification codes by their names in the products table", async () => {
    const { fetchMock } = renderForm({ products: 1, classifications: true });
    await screen.findByRole('textbox', { name: 'Classification, row 1' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/tfs/products'))).toBe(
        true,
      ),
    );
    // With the list, the cell is a combobox: type a code or pick it by its name.
    const code = await screen.findByRole('combobox', { name: 'Classification, row 1' });
    fireEvent.focus(code);
    fireEvent.click(code);
    fireEvent.change(code, { target: { value: '64' } });
    fireEvent.click(await screen.findByRole('option', { name: '6403 · Footwear' }));
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('6403'));
    expect(screen.queryByRole('option', { name: '4203 · Leather goods' })).toBeNull();
  });

  it('shows the products table, checks rows on Finish Invoice and sends the rows', async () => {
    storeDraft(() => undefined);
    const { fetchMock } = renderForm({ products: 1 });
    const cell = (name: string) => screen.getByRole('textbox', { name });
    await screen.findByRole('textbox', { name: 'Classification, row 1' });
    expect(screen.queryByRole('textbox', { name: 'Gross amount, line 1' })).toBeNull();
    expect((cell('Quantity, row 1') as HTMLInputElement).value).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Finish Invoice' }));
    expect(await screen.findByText('Classification is required')).toBeTruthy();
    expect(screen.queryByTestId('products-total-vat')).toBeNull();

    fireEvent.change(cell('Classification, row 1'), { target: { value: '6403' } });
    fireEvent.change(cell('Description, row 1'), { target: { value: 'Shoes' } });
    fireEvent.change(cell('Net amount, row 1'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Classification, row 2' }), {
      target: { value: '4203' },
    });
    fireEvent.change(cell('Description, row 2'), { target: { value: 'Belt' } });
    fireEvent.change(cell('Net amount, row 2'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish Invoice' }));
    expect((await screen.findByTestId('products-total-vat')).textContent).toBe('35.00 EUR');
    expect(screen.getByTestId('products-total-gross').textContent).toBe('175.00 EUR');
    expect(screen.getByTestId('products-total-refund').textContent).toBe('35.00 EUR');

    fireEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Classification, row 2' }), {
      target: { value: '4203' },
    });
    fireEvent.change(cell('Description, row 2'), { target: { value: 'Belt' } });
    fireEvent.change(cell('Net amount, row 2'), { target: { value: '40' } });

    fireEvent.click(screen.getByRole('button', { name: 'Issue Form' }));
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
    const body = issuedBody(fetchMock);
    expect(body.invoice).toEqual([]);
    expect(body.products.map((row) => row.description)).toEqual(['Shoes', 'Belt']);
  });

  it('restores a draft with a note, and discards it on request', async () => {
    storeDraft((values) => {
      values.taxform.traveler_name = 'Draftina';
    });
    renderForm();
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Draftina');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByText('Draft restored')).toBeNull());
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('drops the draft when the clerk cancels the form', async () => {
    storeDraft((values) => {
      values.taxform.traveler_mobile = '+1 555 111';
    });
    const closed = vi.fn();
    renderForm({}, closed);
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed).toHaveBeenCalledOnce();
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });

  it('writes the draft as the clerk types, without the card number', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Typed' } });
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY) ?? '').toContain('Typed'));
    expect(screen.queryByText('Draft restored')).toBeNull();
  });
});
