import { fireEvent, screen, within } from '@testing-library/react';
import type { Worklist, WorklistItem } from '@taxfree/domain';
import { Route, Switch } from 'wouter';
import { describe, expect, it } from 'vitest';
import { useHashSearch } from '@/lib/hash-location';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { WorklistCard } from './worklist-card';

const WORKLIST_URL = '/api/v2/companies/7/retailers/9/taxforms/worklist';
const COMPANY_WORKLIST_URL = '/api/v2/companies/7/taxforms/worklist';

function item(id: number, overrides: Partial<WorklistItem> = {}): WorklistItem {
  return {
    id,
    barcode: `1007${String(id).padStart(8, '0')}`,
    traveler_name: 'Emina',
    traveler_surname: `Hodžić ${id}`,
    status: 'FORM_SUBMITTED',
    export_deadline: '2026-03-31',
    customer_refund: 123.4,
    days_left: 5,
    claim_due: null,
    retailer_branch_id: 9,
    branch_name: 'Centre',
    ...overrides,
  };
}

const WORKLIST: Worklist = {
  currency: 'RSD',
  to_refund: {
    count: 7,
    items: [
      { ...item(1, { status: 'FORM_COLLECTED', days_left: -3 }), payout_due: '2026-03-01' },
      { ...item(2, { status: 'FORM_COLLECTED', days_left: 2 }), payout_due: '2026-03-06' },
      { ...item(3, { status: 'FORM_VALIDATED', days_left: null }), payout_due: null },
      {
        ...item(6, { status: 'FORM_VALIDATED', days_left: null, claim_due: '2026-05-20' }),
        payout_due: null,
      },
    ],
  },
  export_closing: {
    count: 2,
    items: [item(4, { days_left: 0 }), item(5, { days_left: 3 })],
  },
  expired_this_month: { count: 0, items: [] },
};

function serve(answer: () => { status?: number; body: unknown }) {
  return mockFetchRoutes((url) => (url.pathname === WORKLIST_URL ? answer() : undefined));
}

function renderCard() {
  storeTestSession();
  return renderWithProviders(<WorklistCard />, { route: '/home' });
}

const section = (name: string) => screen.getByRole('region', { name });

/** The card on Home, with the list an entry opens behind it. */
function renderCardOverList() {
  storeTestSession();
  return renderWithProviders(
    <Switch>
      <Route path="/home">
        <WorklistCard />
      </Route>
      <Route path="/refundForms">
        <Opened />
      </Route>
    </Switch>,
    { route: '/home' },
  );
}

/** Stands in for the refund form list: shows the query the entry opened it with. */
function Opened() {
  const search = useHashSearch();
  return <output aria-label="opened">{search}</output>;
}

describe('the worklist on Home', () => {
  it('links each count to the list filtered to it', async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCard();
    const toRefund = await screen.findByRole('link', { name: 'To refund (7): show in the list' });
    expect(toRefund.textContent).toBe('7');
    expect(toRefund.getAttribute('href')).toBe('#/refundForms?stage=to_refund');
    expect(
      screen
        .getByRole('link', { name: 'Export window closing (2): show in the list' })
        .getAttribute('href'),
    ).toBe('#/refundForms?stage=export_closing');
    expect(
      screen
        .getByRole('link', { name: 'Expired this month (0): show in the list' })
        .getAttribute('href'),
    ).toBe('#/refundForms?stage=expired_this_month');
  });

  it('offers all the forms of a section in the list when it shows only some of them', async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCardOverList();
    const toRefund = within(await screen.findByRole('region', { name: 'To refund' }));
    expect(toRefund.getAllByRole('listitem')).toHaveLength(4);
    // Every form shown already: nothing more to offer.
    expect(
      within(section('Export window closing')).queryByRole('link', { name: /^Show all/ }),
    ).toBeNull();

    fireEvent.click(toRefund.getByRole('link', { name: 'Show all in the list (7)' }));
    const opened = await screen.findByRole('status', { name: 'opened' });
    expect(opened.textContent).toBe('?stage=to_refund');
  });

  it("opens each form's status panel by its id, with its traveller, refund and days left", async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCard();
    await screen.findByRole('link', { name: /^To refund/ });

    const entries = within(section('To refund'))
      .getAllByRole('listitem')
      .map((entry) => within(entry).getByRole('link'));
    // Over the list narrowed to the form, so that closing the panel leaves its row and actions.
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual([
      '#/refundForms?search=100700000001&form=1&panel=status',
      '#/refundForms?search=100700000002&form=2&panel=status',
      '#/refundForms?search=100700000003&form=3&panel=status',
      '#/refundForms?search=100700000006&form=6&panel=status',
    ]);
    expect(entries[0]?.textContent).toContain('Emina Hodžić 1');
    expect(entries[0]?.textContent).toContain('123.40 RSD');
    expect(within(entries[0]!).getByText('3 days overdue')).toBeTruthy();
    expect(within(entries[1]!).getByText('2 days left')).toBeTruthy();
    // Where the country sets no payout deadline, the entry says where the form is…
    expect(within(entries[2]!).getByText('validated by customs')).toBeTruthy();
    // …or, where it sets a time to bring the stamped form back, that day.
    expect(within(entries[3]!).getByText('Stamped form due back by 20/05/2026')).toBeTruthy();

    const closing = within(section('Export window closing'));
    expect(closing.getByText('Last day today')).toBeTruthy();
    expect(closing.getByText('3 days left')).toBeTruthy();
  });

  it("goes to the form's status panel when an entry is clicked", async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCardOverList();
    const closing = within(await screen.findByRole('region', { name: 'Export window closing' }));
    fireEvent.click(closing.getByRole('link', { name: /100700000005/ }));

    const opened = new URLSearchParams(
      (await screen.findByRole('status', { name: 'opened' })).textContent ?? '',
    );
    expect(Object.fromEntries(opened)).toEqual({
      search: '100700000005',
      form: '5',
      panel: 'status',
    });
  });

  it('marks two days left or fewer as a warning, and more days not', async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCard();
    const warning = await screen.findByText('2 days left');
    const calm = screen.getByText('3 days left');
    expect(warning.getAttribute('style')).toContain('--mantine-color-red-8');
    expect(calm.getAttribute('style') ?? '').not.toContain('red');
    expect(screen.getByText('Last day today').getAttribute('style')).toContain('red-8');
  });

  it('says so in words where a section is empty', async () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCard();
    await screen.findByRole('link', { name: /^To refund/ });
    expect(
      within(section('Expired this month')).getByText('No form has expired this month.'),
    ).toBeTruthy();
    expect(within(section('Expired this month')).queryByRole('list')).toBeNull();
  });

  it('shows placeholders while it loads', () => {
    serve(() => ({ body: { status: 'success', message: 'OK', data: WORKLIST } }));
    renderCard();
    expect(screen.getAllByTestId('worklist-skeleton')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Worklist' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the server message and a retry when it cannot be loaded', async () => {
    let failing = true;
    serve(() =>
      failing
        ? { status: 500, body: { status: 'error', message: 'Worklist unavailable' } }
        : { body: { status: 'success', message: 'OK', data: WORKLIST } },
    );
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain('Worklist unavailable');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: 'To refund (7): show in the list' }),
    ).toBeTruthy();
  });

  describe('of every branch, for a manager', () => {
    const ALL: Worklist = {
      ...WORKLIST,
      to_refund: {
        count: 9,
        items: [
          {
            ...item(21, { retailer_branch_id: 11, branch_name: 'Riva Split', days_left: 4 }),
            payout_due: '2026-03-08',
          },
        ],
      },
    };

    function serveBoth() {
      return mockFetchRoutes((url) => {
        if (url.pathname === WORKLIST_URL) return { body: { status: 'success', data: WORKLIST } };
        if (url.pathname === COMPANY_WORKLIST_URL)
          return { body: { status: 'success', data: ALL } };
        return undefined;
      });
    }

    it("reads the company's worklist, opens counts in the list of all branches, names each branch", async () => {
      serveBoth();
      renderCard();
      await screen.findByRole('link', { name: 'To refund (7): show in the list' });
      fireEvent.click(screen.getByRole('radio', { name: 'All branches' }));

      const toRefund = await screen.findByRole('link', { name: 'To refund (9): show in the list' });
      expect(toRefund.getAttribute('href')).toBe('#/allBranches?stage=to_refund');
      const entry = within(section('To refund')).getByRole('link', { name: /100700000021/ });
      expect(entry.textContent).toContain('Riva Split');
    });

    it("moves to the form's own branch when it opens a form of another branch", async () => {
      serveBoth();
      renderCardOverList();
      fireEvent.click(await screen.findByRole('radio', { name: 'All branches' }));
      const entry = await screen.findByRole('link', { name: /100700000021/ });
      fireEvent.click(entry);

      const opened = await screen.findByRole('status', { name: 'opened' });
      expect(new URLSearchParams(opened.textContent ?? '').get('form')).toBe('21');
      expect(localStorage.getItem('branchId')).toBe('11');
    });

    it('is not offered to a clerk', async () => {
      serveBoth();
      storeTestSession({ role: 'clerk' });
      renderWithProviders(<WorklistCard />, { route: '/home' });
      await screen.findByRole('link', { name: 'To refund (7): show in the list' });
      expect(screen.queryByRole('radio', { name: 'All branches' })).toBeNull();
    });
  });
});
