import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { formatAmount, formatDate } from '@/lib/format';
import { formatShopTime } from './audit-entry-text';
import { FormStages } from './tax-form-status-drawer';

describe('the Form Status panel', () => {
  it('shows the customs stamp and the payout recorded with their stages', async () => {
    storeTestSession();
    mockFetchRoutes((url) =>
      url.pathname.endsWith('/taxforms/currency')
        ? { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } }
        : undefined,
    );
    renderWithProviders(
      <FormStages
        ushopSetting="true"
        stat={{
          id: 12,
          barcode: '100700000012',
          status: 'FORM_REFUNDED',
          cancelled: '0',
          stages: [
            {
              stage: 'FORM_SUBMITTED',
              created_at: '2026-03-05T08:15:00.000Z',
              user_name: 'Ivan Horvat',
            },
            {
              stage: 'FORM_VALIDATED',
              created_at: '2026-03-07T09:00:00.000Z',
              user_name: null,
              export_date: '2026-03-06',
              customs_office: 'Bajakovo',
              customs_record_number: 'HR-77',
            },
            { stage: 'FORM_COLLECTED', created_at: '2026-03-09T09:00:00.000Z' },
            {
              stage: 'FORM_REFUNDED',
              created_at: '2026-03-09T09:05:00.000Z',
              refund_date: '2026-03-09',
              paid_amount: 24.5,
              paid_method: 'option5',
            },
          ],
        }}
      />,
    );

    expect(
      screen.getByText(`Exported ${formatDate('2026-03-06')} · Bajakovo · record no. HR-77`),
    ).toBeTruthy();
    // Who recorded a stage, when a user did; an operator's stage names nobody.
    expect(screen.getAllByText(/^Recorded by /).map((line) => line.textContent)).toEqual([
      'Recorded by Ivan Horvat',
    ]);
    // When each stage was reached, on the shop's clock (Zagreb's, an hour ahead of UTC in March).
    expect(
      screen.getByText(formatShopTime('2026-03-07T09:00:00.000Z', 'Europe/Zagreb')),
    ).toBeTruthy();
    expect(screen.getByText(/ 10:05$/)).toBeTruthy();
    expect(
      await screen.findByText(
        `${formatAmount(24.5, 'EUR')} paid by Cash on ${formatDate('2026-03-09')}`,
      ),
    ).toBeTruthy();
  });
});
