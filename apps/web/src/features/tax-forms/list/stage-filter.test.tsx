import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaxFormListItem } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { navigate, useHashSearch } from '@/lib/hash-location';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TaxFormsScreen } from './tax-forms-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';

function makeForm(id: number, status: string): TaxFormListItem {
  return {
    id,
    barcode: `1007${String(id).padStart(8, '0')}`,
    status,
    traveler_name: 'Emina',
    traveler_surname: `Hodžić ${id}`,
    traveler_email: null,
    issued_govt: 28,
    issued_govt_name: 'Bosnia and Herzegovina',
    date_of_sales: '2026-03-05',
    invoice_reference_number: null,
    gross_amount: 150,
    vat_amount: 30,
    net_amount: 120,
    refund_amount: 30,
    customer_refund: 30,
    cancelled: '0',
    ilr: 1,
    export_deadline: null,
    expired: false,
  };
}

/** Forms by the filter the server would put them under. */
const FORMS: Record<string, TaxFormListItem[]> = {
  issued: [makeForm(1, 'FORM_SUBMITTED'), makeForm(2, 'FORM_SUBMITTED')],
  validated: [makeForm(3, 'FORM_VALIDATED')],
  received: [makeForm(4, 'FORM_COLLECTED')],
  to_refund: [makeForm(3, 'FORM_VALIDATED'), makeForm(4, 'FORM_COLLECTED')],
};
const ALL = [...FORMS.issued!, ...FORMS.validated!, ...FORMS.received!];

function serve() {
  return mockFetchRoutes((url) => {
    if (url.pathname === `${BRANCH}/taxforms`) {
      const stage = url.searchParams.get('stage');
      const search = url.searchParams.get('search') ?? '';
      const found = (stage ? (FORMS[stage] ?? []) : ALL).filter((form) =>
        form.barcode.includes(search),
      );
      return {
        body: { status: 'success', message: 'OK', data: found, metadata: { total: found.length } },
      };
    }
    if (url.pathname === `${BRANCH}/taxforms/currency`) {
      return { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } };
    }
    if (url.pathname === '/api/v2/companies/7/settings/tfsSettingDetails') {
      return {
        body: {
          status: 'success',
          message: 'OK',
          data: { general_setting: { multiple_invoice_required: 0 } },
        },
      };
    }
    return undefined;
  });
}

function listRequests(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `${BRANCH}/taxforms`);
}

function Location() {
  const search = useHashSearch();
  return (
    <>
      <output aria-label="location">{search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderList(route: string) {
  storeTestSession();
  const fetchMock = serve();
  renderWithProviders(
    <>
      <TaxFormsScreen />
      <Location />
    </>,
    { route },
  );
  return fetchMock;
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const stageSelect = () => screen.getByRole('combobox', { name: 'Stage' }) as HTMLSelectElement;
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the stage filter of the refund form list', () => {
  it('offers every stage, lists them all at first, and keeps a choice in the URL from page 1', async () => {
    const fetchMock = renderList('/refundForms');
    await screen.findByText('Displaying 4 of 4 results');
    expect(optionNames(stageSelect())).toEqual([
      'All stages',
      'Issued',
      'Validated by customs',
      'Received',
      'Refunded',
      'Cancelled',
      'Expired',
    ]);
    expect(stageSelect().value).toBe('');
    expect(listRequests(fetchMock)[0]?.searchParams.has('stage')).toBe(false);

    fireEvent.change(stageSelect(), { target: { value: 'issued' } });
    expect(await screen.findByText('Displaying 2 of 2 results')).toBeTruthy();
    expect(location()).toBe('?stage=issued');
    const filtered = listRequests(fetchMock).at(-1);
    expect(filtered?.searchParams.get('stage')).toBe('issued');
    expect(filtered?.searchParams.get('page')).toBe('1');

    fireEvent.change(stageSelect(), { target: { value: '' } });
    expect(await screen.findByText('Displaying 4 of 4 results')).toBeTruthy();
    expect(location()).toBe('');
  });

  it('shows a worklist entry of Home as the URL names it, until another stage is chosen', async () => {
    const fetchMock = renderList('/refundForms?stage=to_refund');
    expect(await screen.findByText('Displaying 2 of 2 results')).toBeTruthy();
    expect(listRequests(fetchMock)[0]?.searchParams.get('stage')).toBe('to_refund');
    expect(stageSelect().value).toBe('to_refund');
    expect(optionNames(stageSelect()).at(-1)).toBe('To refund');

    fireEvent.change(stageSelect(), { target: { value: 'received' } });
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    expect(location()).toBe('?stage=received');
    expect(optionNames(stageSelect())).not.toContain('To refund');
  });

  it('opens on the search a link brings, and puts what is typed in the URL beside the stage', async () => {
    const fetchMock = renderList('/refundForms?search=100700000004');
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    expect(listRequests(fetchMock)[0]?.searchParams.get('search')).toBe('100700000004');
    const search = screen.getByRole('searchbox', { name: 'Search forms' }) as HTMLInputElement;
    expect(search.value).toBe('100700000004');

    fireEvent.change(stageSelect(), { target: { value: 'issued' } });
    expect(await screen.findByText('Displaying 0 of 0 results')).toBeTruthy();
    fireEvent.change(search, { target: { value: '1007000000' } });
    await waitFor(() => expect(location()).toBe('?search=1007000000&stage=issued'), {
      timeout: 2000,
    });
    expect(await screen.findByText('Displaying 2 of 2 results')).toBeTruthy();
  });

  it('takes an unknown stage in the URL as no filter', async () => {
    const fetchMock = renderList('/refundForms?stage=lost');
    expect(await screen.findByText('Displaying 4 of 4 results')).toBeTruthy();
    expect(listRequests(fetchMock)[0]?.searchParams.has('stage')).toBe(false);
    expect(stageSelect().value).toBe('');
  });

  it('comes back to the earlier stage and search with Back', async () => {
    renderList('/refundForms?search=1007&stage=validated');
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    fireEvent.change(stageSelect(), { target: { value: 'issued' } });
    expect(await screen.findByText('Displaying 2 of 2 results')).toBeTruthy();
    expect(location()).toBe('?search=1007&stage=issued');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    expect(location()).toBe('?search=1007&stage=validated');
    expect(stageSelect().value).toBe('validated');
    expect(
      (screen.getByRole('searchbox', { name: 'Search forms' }) as HTMLInputElement).value,
    ).toBe('1007');
  });
});
