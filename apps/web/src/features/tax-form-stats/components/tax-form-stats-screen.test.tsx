import { screen, within } from '@testing-library/react';
import type { FormStats } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TaxFormStatsScreen } from './tax-form-stats-screen';

const base = '/api/v2/companies/7/retailers/9/taxforms';
const stats: FormStats = {
  currency: 'EUR',
  days: [
    { date: '2025-03-14', forms: 0, vat_amount: 0, refund_amount: 0 },
    { date: '2025-03-15', forms: 4, vat_amount: 1250.5, refund_amount: 1000.25 },
  ],
};

describe('TaxFormStatsScreen', () => {
  it('shows the counters and the figures per day as a table', async () => {
    storeTestSession();
    const fetchMock = mockFetchRoutes((url) => {
      if (url.pathname === `${base}/count`) {
        return {
          body: {
            status: 'success',
            message: 'OK',
            data: { today: 4, lastweek: 12, lastmonth: 31 },
          },
        };
      }
      if (url.pathname === `${base}/stats`) {
        return { body: { status: 'success', message: 'OK', data: stats } };
      }
      return undefined;
    });
    renderWithProviders(<TaxFormStatsScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Form statistics' })).toBeTruthy();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('4')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Last week' })).getByText('12')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Last month' })).getByText('31')).toBeTruthy();

    expect(await screen.findByRole('figure', { name: 'Forms per day, last 2 days' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Refunds per day, last 2 days' })).toBeTruthy();

    const table = screen.getByRole('table', {
      name: 'Forms, VAT and refunds per day, last 2 days',
      hidden: true,
    });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(3);
    const cells = Array.from(rows[2]!.querySelectorAll('th, td'), (cell) => cell.textContent);
    expect(cells).toEqual(['15/03/2025', '4', '1,250.50 EUR', '1,000.25 EUR']);
    const statsCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === `${base}/stats`);
    expect(statsCall?.searchParams.get('days')).toBe('30');
  });

  it('shows the server message when the statistics cannot be loaded', async () => {
    storeTestSession();
    mockFetchRoutes((url) =>
      url.pathname === `${base}/count`
        ? {
            body: {
              status: 'success',
              message: 'OK',
              data: { today: 0, lastweek: 0, lastmonth: 0 },
            },
          }
        : {
            status: 500,
            body: { status: 'error', message: 'Statistics unavailable', code: 'INTERNAL' },
          },
    );
    renderWithProviders(<TaxFormStatsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Statistics unavailable');
  });

  it('draws the counters with the figures per day, not before them', async () => {
    storeTestSession();
    let answerStats: () => void = () => undefined;
    const statsAnswered = new Promise<void>((resolve) => (answerStats = resolve));
    const answers = (url: URL) =>
      url.pathname === `${base}/count`
        ? { status: 'success', message: 'OK', data: { today: 4, lastweek: 12, lastmonth: 31 } }
        : { status: 'success', message: 'OK', data: stats };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === `${base}/stats`) await statsAnswered;
        return new Response(JSON.stringify(answers(url)), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<TaxFormStatsScreen />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();

    answerStats();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Forms per day, last 2 days' })).toBeTruthy();
  });
});
