import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaxFormListItem } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { FormStatusDrawer } from '../status/tax-form-status-drawer';
import { TaxFormsScreen } from './tax-forms-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';

function makeForm(id: number, overrides: Partial<TaxFormListItem> = {}): TaxFormListItem {
  return {
    id,
    barcode: `1007${String(id).padStart(8, '0')}`,
    status: 'FORM_SUBMITTED',
    traveler_name: 'Marko',
    traveler_surname: `Jovanović ${id}`,
    traveler_email: null,
    issued_govt: 7,
    issued_govt_name: 'Serbia',
    date_of_sales: '2025-10-10',
    invoice_reference_number: null,
    gross_amount: 122,
    vat_amount: 22,
    net_amount: 100,
    refund_amount: 22,
    customer_refund: 22,
    cancelled: '0',
    ilr: 1,
    export_deadline: '2099-01-31',
    expired: false,
    ...overrides,
  };
}

const FORMS = [
  makeForm(1),
  makeForm(2, { export_deadline: '2026-01-31', expired: true }),
  // Its deadline passed after the server listed it: the shop's calendar says it has expired.
  makeForm(3, { export_deadline: '2020-01-31', expired: false }),
];

function serve(forms: TaxFormListItem[]) {
  return mockFetchRoutes((url) => {
    if (url.pathname === `${BRANCH}/taxforms`) {
      return {
        body: { status: 'success', message: 'OK', data: forms, metadata: { total: forms.length } },
      };
    }
    if (url.pathname === `${BRANCH}/taxforms/currency`) {
      return { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } };
    }
    const stat = /\/taxforms\/stat\/(\d+)$/.exec(url.pathname);
    if (stat) {
      const form = forms.find((f) => f.id === Number(stat[1]))!;
      const data = { ...form, stages: [{ stage: 'FORM_SUBMITTED', created_at: '2025-10-10' }] };
      return { body: { status: 'success', message: 'OK', data } };
    }
    const detail = /\/taxforms\/(\d+)$/.exec(url.pathname);
    if (detail) {
      const form = forms.find((f) => f.id === Number(detail[1]))!;
      return {
        body: { status: 'success', message: 'OK', data: { taxforms: form, invoice: [] } },
      };
    }
    return undefined;
  });
}

async function menuOf(barcode: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Action for form ${barcode}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('an expired form', () => {
  it('is marked Expired in the list and offers no View/Update', async () => {
    storeTestSession({ country: 'SI' });
    serve(FORMS);
    renderWithProviders(<TaxFormsScreen />, { route: '/refundForms' });

    const row = async (barcode: string) =>
      within(await screen.findByRole('table'))
        .getByRole('rowheader', { name: new RegExp(barcode) })
        .closest('tr')!;
    expect(within(await row('100700000002')).getByText('Expired')).toBeTruthy();
    expect(within(await row('100700000003')).getByText('Expired')).toBeTruthy();
    expect(within(await row('100700000001')).queryByText('Expired')).toBeNull();

    expect(await menuOf('100700000001')).toEqual([
      'View/Update',
      'Form Status',
      'Print',
      'Record customs validation',
      'Send to traveller',
      'Cancel',
    ]);
    // A stamp brought back late still counts for goods that left in time (docs/decisions/018).
    expect(await menuOf('100700000002')).toEqual([
      'Form Status',
      'Print',
      'Record customs validation',
      'Send to traveller',
      'Cancel',
    ]);
    expect(await menuOf('100700000003')).toEqual([
      'Form Status',
      'Print',
      'Record customs validation',
      'Send to traveller',
      'Cancel',
    ]);
  });

  it('is marked Expired on its card on a phone', async () => {
    storeTestSession({ country: 'SI' });
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    serve(FORMS);
    renderWithProviders(<TaxFormsScreen />, { route: '/refundForms' });

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    const card = (barcode: string) =>
      within(list).getByRole('article', { name: new RegExp(barcode) });
    expect(within(card('100700000002')).getByText('Expired')).toBeTruthy();
    expect(within(card('100700000001')).queryByText('Expired')).toBeNull();
  });

  it('says so in the Form Status panel, with its export deadline', async () => {
    storeTestSession({ country: 'SI' });
    serve(FORMS);
    const { unmount } = renderWithProviders(
      <FormStatusDrawer formId={2} opened onClose={() => {}} />,
    );
    expect(await screen.findByText('Expired')).toBeTruthy();
    // An expired form is not brought back: no day is asked for.
    expect(screen.queryByTestId('claim-due')).toBeNull();
    expect(screen.getByTestId('export-deadline').textContent).toBe(
      'The export deadline of 31/01/2026 passed before a customs validation was recorded. The form can no longer be changed; its customs validation can still be recorded if the goods left by that day.',
    );
    unmount();

    renderWithProviders(<FormStatusDrawer formId={1} opened onClose={() => {}} />);
    expect((await screen.findByTestId('export-deadline')).textContent).toBe(
      'Export deadline: 31/01/2099',
    );
    expect(screen.queryByText('Expired')).toBeNull();
    // Slovenia: the stamped form comes back within 6 months of its issue, 10/10/2025.
    expect(screen.getByTestId('claim-due').textContent).toBe(
      'Stamped form due back at the shop by 10/04/2026',
    );
  });
});
