import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TaxFormBreakdownScreen } from './tax-form-breakdown-screen';

const BREAKDOWN_PATH = '/api/v2/companies/7/retailers/9/taxforms/breakdown';

const empty = (url: URL) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: {
      from: url.searchParams.get('from'),
      to: url.searchParams.get('to'),
      currency: 'EUR',
      rates: [],
      totals: { forms: 0, net_amount: 0, vat_amount: 0, gross_amount: 0, refund_amount: 0 },
    },
  },
});

describe('the tax form breakdown', () => {
  it('says why a period cannot be reported, beside the dates, and does not ask the server', async () => {
    storeTestSession();
    const fetchMock = mockFetchRoutes((url) =>
      url.pathname === BREAKDOWN_PATH ? empty(url) : undefined,
    );
    renderWithProviders(<TaxFormBreakdownScreen />);
    await screen.findByText('No tax forms were issued in this period.');
    const asked = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/breakdown')).length;
    const before = asked();

    const from = screen.getByRole('textbox', { name: 'From' });
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    fireEvent.blur(from);
    expect(await screen.findByText('The period can be at most a year long')).toBeTruthy();

    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2099-01-01' } });
    fireEvent.blur(from);
    expect(await screen.findByText('The period must not end before it starts')).toBeTruthy();
    await waitFor(() => expect(asked()).toBe(before));
  });
});
