import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VatBreakdown } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { BreakdownTable } from './breakdown-table';
import { TaxFormBreakdownScreen } from './tax-form-breakdown-screen';

const breakdown: VatBreakdown = {
  from: '2025-03-01',
  to: '2025-03-31',
  currency: 'EUR',
  rates: [
    {
      vat_product_rate: 25,
      forms: 3,
      net_amount: 1200,
      vat_amount: 300,
      gross_amount: 1500,
      refund_amount: 240.5,
    },
    {
      vat_product_rate: 5,
      forms: 1,
      net_amount: 20,
      vat_amount: 1,
      gross_amount: 21,
      refund_amount: 0.8,
    },
  ],
  totals: {
    forms: 3,
    net_amount: 1220,
    vat_amount: 301,
    gross_amount: 1521,
    refund_amount: 241.3,
  },
};

function cells(row: HTMLElement) {
  return Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
}

describe('BreakdownTable', () => {
  it('shows a row per rate and the totals, amounts with two decimals and the currency', () => {
    renderWithProviders(<BreakdownTable breakdown={breakdown} />);
    const table = screen.getByRole('table', { name: 'VAT by rate, 01/03/2025 to 31/03/2025' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual([
      '25%',
      '3',
      '1,200.00 EUR',
      '300.00 EUR',
      '1,500.00 EUR',
      '240.50 EUR',
    ]);
    expect(cells(rows[2]!)).toEqual(['5%', '1', '20.00 EUR', '1.00 EUR', '21.00 EUR', '0.80 EUR']);
    expect(cells(rows[3]!)).toEqual([
      'Total',
      '3',
      '1,220.00 EUR',
      '301.00 EUR',
      '1,521.00 EUR',
      '241.30 EUR',
    ]);
  });

  it('writes the amounts and the period as the interface language does', async () => {
    await act(() => i18n.changeLanguage('de'));
    try {
      renderWithProviders(<BreakdownTable breakdown={breakdown} />);
      const table = screen.getByRole('table', { name: 'VAT by rate, 01.03.2025 to 31.03.2025' });
      expect(cells(within(table).getAllByRole('row')[3]!)).toEqual([
        'Total',
        '3',
        '1.220,00 EUR',
        '301,00 EUR',
        '1.521,00 EUR',
        '241,30 EUR',
      ]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('TaxFormBreakdownScreen', () => {
  it('asks for the shop’s current month by default and shows the branch and period', async () => {
    // 23:30 UTC on the 24th of November, whatever the computer's zone: already the 25th in
    // Zagreb, where the Croatian shop dates its forms.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T23:30:00Z'));
    try {
      storeTestSession({
        retailerInfo: JSON.stringify({
          retailer_branch_id: 9,
          country: 'HR',
          branch_name: 'Centre',
        }),
      });
      const fetchMock = mockFetchRoutes((url) =>
        url.pathname === '/api/v2/companies/7/retailers/9/taxforms/breakdown'
          ? { body: { status: 'success', message: 'OK', data: breakdown } }
          : undefined,
      );
      renderWithProviders(<TaxFormBreakdownScreen />);

      expect(await screen.findByRole('table')).toBeTruthy();
      const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
      expect(url.searchParams.get('from')).toBe('2026-11-01');
      expect(url.searchParams.get('to')).toBe('2026-11-25');
      expect(screen.getByText('Centre')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the period as the clerk types it, day first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    try {
      storeTestSession();
      const fetchMock = mockFetchRoutes(() => ({
        body: { status: 'success', message: 'OK', data: breakdown },
      }));
      renderWithProviders(<TaxFormBreakdownScreen />);
      const from = (await screen.findByLabelText('From')) as HTMLInputElement;
      expect(from.value).toBe('01/11/2026');
      fireEvent.change(from, { target: { value: '02/11/2026' } });
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.some(([url]) =>
            String(url).includes('from=2026-11-02&to=2026-11-24'),
          ),
        ).toBe(true),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an empty state when nothing was sold', async () => {
    storeTestSession();
    mockFetchRoutes(() => ({
      body: {
        status: 'success',
        message: 'OK',
        data: { ...breakdown, rates: [], totals: { ...breakdown.totals, forms: 0 } },
      },
    }));
    renderWithProviders(<TaxFormBreakdownScreen />);
    expect(await screen.findByText('No tax forms were issued in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server message for a refused period', async () => {
    storeTestSession();
    mockFetchRoutes(() => ({
      status: 400,
      body: { status: 'error', message: 'Invalid date', code: 'VALIDATION_FAILED' },
    }));
    renderWithProviders(<TaxFormBreakdownScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid date');
  });
});
