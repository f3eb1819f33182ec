import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyFormListItem } from '@taxfree/domain';
import { Route, Switch, useLocation } from 'wouter';
import { useHashSearch } from '@/lib/hash-location';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate } from '@/lib/format';
import { mockFetchRoutes } from '@/test/fetch';
import { mockPhoneWidth } from '@/test/media-query';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { AllBranchesScreen } from './all-branches-screen';

const form = (id: number, branch: [number, string], issuedBy: string): CompanyFormListItem => ({
  id,
  barcode: `1007000000${id}`,
  status: 'FORM_SUBMITTED',
  traveler_name: 'Yuki',
  traveler_surname: `Tanaka ${id}`,
  traveler_email: null,
  issued_govt: 28,
  issued_govt_name: 'Japan',
  date_of_sales: '2026-11-20',
  invoice_reference_number: null,
  gross_amount: 125,
  vat_amount: 25,
  net_amount: 100,
  refund_amount: 20,
  customer_refund: 20,
  cancelled: '0',
  ilr: 1,
  export_deadline: '2027-02-28',
  expired: false,
  retailer_branch_id: branch[0],
  branch_name: branch[1],
  issued_by: issuedBy,
});

/** Tells where the screen led. */
function Shown() {
  const [pathname] = useLocation();
  const search = useHashSearch();
  return <output aria-label="shown">{`${pathname}${search}`}</output>;
}

function renderScreen() {
  return renderWithProviders(
    <Switch>
      <Route path="/allBranches">
        <AllBranchesScreen />
      </Route>
      <Route>
        <Shown />
      </Route>
    </Switch>,
    { route: '/allBranches' },
  );
}

describe('the forms of all branches', () => {
  it('lists every branch with who issued each form, and opens one in its own branch', async () => {
    storeTestSession({
      retailerInfo: JSON.stringify({ retailer_branch_id: 9, branch_name: 'Ilica Zagreb' }),
    });
    const calls = mockFetchRoutes((url) => {
      if (url.pathname === '/api/v2/companies/7/taxforms') {
        return {
          body: {
            status: 'success',
            message: 'OK',
            data: [form(12, [11, 'Riva Split'], 'Ana Kovač'), form(11, [9, 'Ilica Zagreb'], 'Ivo')],
            metadata: { total: 2 },
          },
        };
      }
      if (url.pathname.endsWith('/taxforms/currency')) {
        return { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } };
      }
      return undefined;
    });
    renderScreen();

    const list = await screen.findByRole('region', { name: 'Forms of all branches' });
    const [, first] = within(list).getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 5)).toEqual([
      'Riva Split',
      'Ana Kovač',
      'Yuki Tanaka 12',
      formatDate('2026-11-20'),
    ]);
    await waitFor(() =>
      expect(within(first!).getAllByRole('cell')[5]!.textContent).toBe(formatAmount(20, 'EUR')),
    );
    expect(screen.getByRole('status').textContent).toBe('Displaying 2 of 2 results');

    fireEvent.click(screen.getByRole('button', { name: 'Open form 100700000012 in its branch' }));
    expect(localStorage.getItem('branchId')).toBe('11');
    expect(screen.getByRole('status', { name: 'shown' }).textContent).toBe(
      '/refundForms?search=100700000012&form=12&panel=status',
    );
    expect(
      calls.mock.calls.some(([input]) => String(input).includes('/companies/7/taxforms?')),
    ).toBe(true);
  });

  it('shows a card per form on a phone, nothing to scroll sideways', async () => {
    storeTestSession();
    mockPhoneWidth();
    mockFetchRoutes((url) => {
      if (url.pathname === '/api/v2/companies/7/taxforms') {
        const data = [form(12, [11, 'Riva Split'], 'Ana Kovač')];
        return { body: { status: 'success', message: 'OK', data, metadata: { total: 1 } } };
      }
      if (url.pathname.endsWith('/taxforms/currency')) {
        return { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } };
      }
      return undefined;
    });
    renderScreen();

    const list = await screen.findByRole('list', { name: 'Forms of all branches' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('article', { name: '100700000012' });
    const fields = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(fields.slice(0, 4)).toEqual([
      'Yuki Tanaka 12',
      'Riva Split',
      'Ana Kovač',
      formatDate('2026-11-20'),
    ]);
    expect(fields).toHaveLength(5);
    await waitFor(() =>
      expect(within(card).getAllByRole('definition')[4]!.textContent).toBe(formatAmount(20, 'EUR')),
    );
    expect(
      within(card).getByRole('button', { name: 'Open form 100700000012 in its branch' }),
    ).toBeTruthy();
  });

  it('tells a clerk it is for managers, and asks nothing', async () => {
    storeTestSession({ role: 'clerk' });
    const calls = mockFetchRoutes(() => undefined);
    renderScreen();
    expect(
      await screen.findByText('Only a manager of the shop sees the forms of all branches.'),
    ).toBeTruthy();
    expect(calls).not.toHaveBeenCalled();
  });
});
