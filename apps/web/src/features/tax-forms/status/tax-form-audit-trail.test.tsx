import { screen, within } from '@testing-library/react';
import type { FormAuditEntry } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { FormAuditTrail } from './tax-form-audit-trail';

const AUDIT_PATH = '/api/v2/companies/7/retailers/9/taxforms/12/audit';
const ana = { id: 3, name: 'Ana Horvat' };

let nextId = 1;
const entry = (
  action: string,
  at: string,
  details: FormAuditEntry['details'] = {},
  user: FormAuditEntry['user'] = ana,
): FormAuditEntry => ({ id: nextId++, action, at, user, details });

const WHOLE_LIFE: FormAuditEntry[] = [
  entry('form.issue', '2026-03-05T09:15:00.000Z', { barcode: '1007', gross: 147.6, refund: 27.6 }),
  entry('form.mail', '2026-03-05T09:15:30.000Z', {
    kind: 'issued',
    attempt: 1,
    outcome: 'retry',
    recipient: 'wei@mail.example',
    error: 'connection refused',
  }),
  entry('form.mail', '2026-03-05T09:20:30.000Z', {
    kind: 'issued',
    attempt: 2,
    outcome: 'sent',
    recipient: 'wei@mail.example',
  }),
  entry('form.update', '2026-03-05T10:00:00.000Z', { refund: 30 }),
  entry('form.print', '2026-03-05T10:01:00.000Z', { print: 1, version: 2 }),
  entry('form.print', '2026-03-05T10:02:00.000Z', { print: 2, version: 2 }),
  entry('form.stage', '2026-03-08T13:00:00.000Z', {
    from: 'FORM_SUBMITTED',
    to: 'FORM_VALIDATED',
    source: 'portal',
    export_date: '2026-03-07',
    customs_office: 'Zračna luka Zagreb',
    customs_record_number: 'HR-2026-000777',
  }),
  entry(
    'form.stage',
    '2026-03-09T08:00:00.000Z',
    {
      from: 'FORM_VALIDATED',
      to: 'FORM_COLLECTED',
      source: 'operator',
    },
    null,
  ),
  entry('form.stage', '2026-03-10T08:30:00.000Z', {
    from: 'FORM_COLLECTED',
    to: 'FORM_REFUNDED',
    source: 'portal',
    refund_date: '2026-03-10',
    paid_amount: 30,
  }),
  entry(
    'form.mail',
    '2026-03-10T08:31:00.000Z',
    {
      kind: 'refunded',
      attempt: 5,
      outcome: 'failed',
      recipient: 'wei@mail.example',
    },
    null,
  ),
];

function serve(entries: FormAuditEntry[]) {
  return mockFetchRoutes((url) =>
    url.pathname === AUDIT_PATH
      ? { body: { status: 'success', message: 'OK', data: entries } }
      : url.pathname.endsWith('/taxforms/currency')
        ? { body: { status: 'success', message: 'OK', data: { currency: 'EUR' } } }
        : undefined,
  );
}

/** Each entry of the trail as it reads, title first. */
async function shownEntries() {
  const trail = await screen.findByTestId('form-audit');
  return Array.from(trail.children, (item) => item.textContent ?? '');
}

describe('FormAuditTrail', () => {
  it("tells who did what to the form and when, on the shop's clock", async () => {
    storeTestSession({ country: 'HR' });
    serve(WHOLE_LIFE);
    renderWithProviders(<FormAuditTrail formId={12} />);

    const shown = await shownEntries();
    expect(shown).toEqual([
      'IssuedRefund 27.60 EUR05/03/2026 10:15 · Ana Horvat',
      'The form to wei@mail.exampleNot sent (attempt 1): it will be tried again05/03/2026 10:15 · Ana Horvat',
      'The form to wei@mail.exampleSent05/03/2026 10:20 · Ana Horvat',
      'EditedRefund 30.00 EUR05/03/2026 11:00 · Ana Horvat',
      'Printed (original)05/03/2026 11:01 · Ana Horvat',
      'Printed (copy 1)05/03/2026 11:02 · Ana Horvat',
      'Customs validation recordedExported 07/03/2026 · Zračna luka Zagreb · HR-2026-00077708/03/2026 14:00 · Ana Horvat',
      'Stamped form received09/03/2026 09:00 · Operator',
      'Refund paid30.00 EUR paid on 10/03/2026' + '10/03/2026 09:30 · Ana Horvat',
      'Refund notice to wei@mail.exampleNot sent: given up after attempt 5' +
        '10/03/2026 09:31 · Automatic',
    ]);
  });

  it('shows a cancellation with its reason, in Serbia by Belgrade time', async () => {
    storeTestSession({ country: 'RS' });
    serve([
      entry('form.issue', '2026-07-01T22:30:00.000Z', { refund: 12 }),
      entry('form.cancel', '2026-07-01T22:45:00.000Z', { barcode: '1', reason: 'Other' }),
    ]);
    renderWithProviders(<FormAuditTrail formId={12} />);
    const shown = await shownEntries();
    // 22:30 UTC is already the next day in Belgrade (summer time).
    expect(shown[0]).toContain('02/07/2026 00:30');
    expect(shown[1]).toBe('CancelledReason: Other02/07/2026 00:45 · Ana Horvat');
  });

  it('says when nothing is recorded, and when the history cannot be read', async () => {
    storeTestSession();
    serve([]);
    const { unmount } = renderWithProviders(<FormAuditTrail formId={12} />);
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
    unmount();

    mockFetchRoutes(() => ({
      status: 500,
      body: { status: 'error', code: 'INTERNAL', message: 'Something went wrong.' },
    }));
    renderWithProviders(<FormAuditTrail formId={12} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The history could not be loaded.')).toBeTruthy();
  });
});
