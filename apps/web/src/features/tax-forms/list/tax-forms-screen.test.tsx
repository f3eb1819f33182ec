import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaxFormListItem } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { useHashSearch } from '@/lib/hash-location';
import { formatDate } from '@/lib/format';
import { mockFetchRoutes } from '@/test/fetch';
import { mockPhoneWidth } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TaxFormsScreen } from './tax-forms-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';

function makeForm(id: number, overrides: Partial<TaxFormListItem> = {}): TaxFormListItem {
  return {
    id,
    barcode: `1007${String(id).padStart(8, '0')}`,
    status: 'FORM_SUBMITTED',
    traveler_name: 'Emina',
    traveler_surname: `Hodžić ${id}`,
    traveler_email: `emina${id}@mail.example`,
    issued_govt: 28,
    issued_govt_name: 'Bosnia and Herzegovina',
    date_of_sales: '2026-03-05',
    invoice_reference_number: `R-2026-${id}`,
    gross_amount: 1234.5,
    vat_amount: 246.9,
    net_amount: 987.6,
    refund_amount: 200,
    customer_refund: 200,
    cancelled: '0',
    ilr: 1,
    export_deadline: null,
    expired: false,
    ...overrides,
  };
}

type Server = {
  forms?: TaxFormListItem[];
  multipleInvoices?: 0 | 1;
};

/** The three calls the list makes, answered like the API does, five forms a page. */
function serve({ forms = [], multipleInvoices = 0 }: Server = {}) {
  return mockFetchRoutes((url) => {
    if (url.pathname === `${BRANCH}/taxforms`) {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      const found = forms.filter((f) =>
        `${f.barcode} ${f.traveler_surname}`.toLowerCase().includes(search),
      );
      return {
        body: {
          status: 'success',
          message: 'OK',
          data: found.slice((page - 1) * perPage, page * perPage),
          metadata: { total: found.length },
        },
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
          data: { general_setting: { multiple_invoice_required: multipleInvoices } },
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
  return <output aria-label="location">{search}</output>;
}

function renderScreen() {
  return renderWithProviders(
    <>
      <TaxFormsScreen />
      <Location />
    </>,
    { route: '/refundForms' },
  );
}

const many = (count: number) => Array.from({ length: count }, (_, i) => makeForm(i + 1));

describe('TaxFormsScreen', () => {
  it('lists the first five forms with their amounts and dates formatted', async () => {
    storeTestSession();
    const fetchMock = serve({ forms: many(36) });
    renderScreen();

    expect(await screen.findByText('Displaying 5 of 36 results')).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = rows[0]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('100700000001');
    expect(within(first).getByText('Emina Hodžić 1')).toBeTruthy();
    expect(within(first).getByText('Bosnia and Herzegovina')).toBeTruthy();
    expect(within(first).getByText(formatDate('2026-03-05'))).toBeTruthy();
    expect(within(first).getByText('emina1@mail.example')).toBeTruthy();
    await waitFor(() => expect(within(first).getByText('1,234.50 EUR')).toBeTruthy());
    expect(within(first).getByText('246.90 EUR')).toBeTruthy();
    expect(within(first).getByText('987.60 EUR')).toBeTruthy();
    expect(within(first).getByText('200.00 EUR')).toBeTruthy();

    const [request] = listRequests(fetchMock);
    expect(request?.searchParams.get('perPage')).toBe('5');
    expect(request?.searchParams.get('page')).toBe('1');
  });

  it('says one result in the singular', async () => {
    storeTestSession();
    serve({ forms: many(1) });
    renderScreen();
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
  });

  it('shows the invoice reference only in Croatia mode with single invoices', async () => {
    storeTestSession({ ushopSetting: 'true' });
    serve({ forms: many(2), multipleInvoices: 0 });
    const { unmount } = renderScreen();
    expect(await screen.findByRole('columnheader', { name: 'Invoice reference' })).toBeTruthy();
    expect(screen.getByText('R-2026-1')).toBeTruthy();
    unmount();

    serve({ forms: many(2), multipleInvoices: 1 });
    const second = renderScreen();
    await screen.findByText('Displaying 2 of 2 results');
    await waitFor(() => expect(screen.getAllByText('1,234.50 EUR')).toHaveLength(2));
    expect(screen.queryByRole('columnheader', { name: 'Invoice reference' })).toBeNull();
    second.unmount();

    localStorage.setItem('ushopSetting', 'false');
    serve({ forms: many(2), multipleInvoices: 0 });
    renderScreen();
    await screen.findByText('Displaying 2 of 2 results');
    await waitFor(() => expect(screen.getAllByText('1,234.50 EUR').length).toBe(2));
    expect(screen.queryByRole('columnheader', { name: 'Invoice reference' })).toBeNull();
    expect(screen.queryByText('R-2026-1')).toBeNull();
  });

  it('offers Cancel only for a form that is not cancelled and still has ilr, and its next stage', async () => {
    storeTestSession();
    serve({
      forms: [
        makeForm(1),
        makeForm(2, { cancelled: '1', ilr: 0 }),
        makeForm(3, { status: 'FORM_VALIDATED', ilr: 0 }),
      ],
    });
    renderScreen();

    const menuOf = async (barcode: string) => {
      fireEvent.click(await screen.findByRole('button', { name: `Action for form ${barcode}` }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      fireEvent.keyDown(menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };

    expect(await menuOf('100700000001')).toEqual([
      'View/Update',
      'Form Status',
      'Print',
      'Record customs validation',
      'Send to traveller',
      'Cancel',
    ]);
    // A cancelled form records nothing and is not sent; a validated one offers its next step.
    expect(await menuOf('100700000002')).toEqual(['View/Update', 'Form Status', 'Print']);
    expect(await menuOf('100700000003')).toEqual([
      'View/Update',
      'Form Status',
      'Print',
      'Record receipt',
      'Send to traveller',
    ]);
    const cancelledRow = screen.getByRole('rowheader', { name: /100700000002/ }).closest('tr')!;
    expect(within(cancelledRow).getByText('Cancelled')).toBeTruthy();
  });

  it('opens a panel through the URL, so the panel can be linked to', async () => {
    storeTestSession();
    serve({ forms: many(3) });
    renderScreen();
    // The panels' code is fetched apart from the list's, and drawn from the first one asked for.
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Action for form 100700000002' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Form Status' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
        '?form=2&panel=status',
      ),
    );
    expect(await screen.findByRole('dialog', { name: /Form Status/ })).toBeTruthy();
  });

  it('says so when no form is found', async () => {
    storeTestSession();
    serve({ forms: [] });
    renderScreen();
    expect(await screen.findByText('Forms not found')).toBeTruthy();
    expect(screen.getByText('Displaying 0 of 0 results')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('searches 500 ms after typing stops, from page 1', async () => {
    storeTestSession();
    const fetchMock = serve({
      forms: [...many(8), makeForm(99, { traveler_surname: 'Zhang', barcode: '100799999999' })],
    });
    renderScreen();
    await screen.findByText('Displaying 5 of 9 results');

    const search = screen.getByRole('searchbox', { name: 'Search forms' });
    expect(search.getAttribute('placeholder')).toBe('Search for barcode, traveller and more');
    fireEvent.change(search, { target: { value: 'zh' } });
    fireEvent.change(search, { target: { value: 'zhan' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listRequests(fetchMock)).toHaveLength(1);

    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    const searches = listRequests(fetchMock).slice(1);
    expect(searches.map((url) => url.searchParams.get('search'))).toEqual(['zhan']);
    expect(searches[0]?.searchParams.get('page')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('loads the next page when the end of the list comes into view', async () => {
    storeTestSession();
    // Like the browser's: every new observer first reports whether the end is in view.
    let isEndInView = false;
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {
          queueMicrotask(() => this.report());
        }
        report() {
          act(() =>
            this.callback(
              [{ isIntersecting: isEndInView } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
          );
        }
        disconnect() {}
      },
    );
    const fetchMock = serve({ forms: many(12) });
    renderScreen();
    await screen.findByText('Displaying 5 of 12 results');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests(fetchMock)).toHaveLength(1);

    isEndInView = true;
    act(() =>
      observers.at(-1)?.(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(await screen.findByText('Displaying 10 of 12 results')).toBeTruthy();
    // Still in view with the new rows: the last page follows, then nothing more is asked for.
    expect(await screen.findByText('Displaying 12 of 12 results')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(listRequests(fetchMock).map((url) => url.searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('shows cards instead of a table on a phone', async () => {
    storeTestSession();
    mockPhoneWidth();
    serve({ forms: many(2) });
    renderScreen();

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('article', { name: '100700000001' });
    expect(within(card).getByText('Gross amount')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('1,234.50 EUR')).toBeTruthy());
    expect(within(card).getByRole('button', { name: 'Action for form 100700000001' })).toBeTruthy();
  });
});
