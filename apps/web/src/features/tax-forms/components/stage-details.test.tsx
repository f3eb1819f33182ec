import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
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
            { stage: 'FORM_SUBMITTED', created_at: '2026-03-05T09:15:00' },
            {
              stage: 'FORM_VALIDATED',
              created_at: '2026-03-07T10:00:00',
              export_date: '2026-03-06',
              customs_office: 'Bajakovo',
              customs_record_number: 'HR-77',
            },
            { stage: 'FORM_COLLECTED', created_at: '2026-03-09T10:00:00' },
            {
              stage: 'FORM_REFUNDED',
              created_at: '2026-03-09T10:05:00',
              refund_date: '2026-03-09',
              paid_amount: 24.5,
              paid_method: 'option5',
            },
          ],
        }}
      />,
    );

    expect(screen.getByText('Exported 06.03.2026 · Bajakovo · record no. HR-77')).toBeTruthy();
    expect(await screen.findByText('24.50 EUR paid by Cash on 09.03.2026')).toBeTruthy();
  });
});
