import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addDays } from '@taxfree/domain';
import { formatDate } from '@/lib/format';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import type { StagePanel } from '../form/tax-form-panel';
import { StageDrawer } from './stage-drawer';
import { callsTo, DEADLINE, serveForm, STAGES_PATH, TODAY } from '../form/stage-test-server';

function renderDrawer(panel: StagePanel) {
  const onClose = vi.fn();
  renderWithProviders(<StageDrawer formId={12} panel={panel} onClose={onClose} />);
  return onClose;
}

const recorded = (message: string) => ({
  body: { status: 'success', message, data: { id: 12, barcode: '100700000012' } },
});

const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Record customs validation', () => {
  it('asks for the date of export, the office and the record number before sending anything', async () => {
    storeTestSession();
    const fetchMock = serveForm();
    renderDrawer('validation');

    fireEvent.click(await screen.findByRole('button', { name: 'Record validation' }));

    expect(await screen.findByText('Date of export is required')).toBeTruthy();
    expect(screen.getByText('Customs office is required')).toBeTruthy();
    expect(screen.getByText('Customs record number is required')).toBeTruthy();
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);
  });

  it('takes a stamp brought back after the deadline only with an export date within it', async () => {
    storeTestSession();
    const fetchMock = serveForm({ detail: { export_deadline: addDays(TODAY, -1) } });
    renderDrawer('validation');

    expect(
      await screen.findByText(/The export deadline of .* has passed\. Record the validation only/),
    ).toBeTruthy();
    fill(/Date of export/, TODAY);
    fill(/Customs office/, 'Bregana');
    fill(/Customs record number/, 'HR-2026-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record validation' }));

    expect(
      await screen.findByText(
        `The date of export cannot be after the export deadline (${formatDate(addDays(TODAY, -1))})`,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(new RegExp(`not after ${formatDate(addDays(TODAY, -1))}`)),
    ).toBeTruthy();
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);
  });

  it('records the stamp once with one key per opened panel, then closes', async () => {
    storeTestSession();
    const fetchMock = serveForm({ post: [recorded('Customs validation recorded')] });
    const onClose = renderDrawer('validation');

    expect(await screen.findByText('Ana Horvat')).toBeTruthy();
    fill(/Date of export/, TODAY);
    fill(/Customs office/, 'Bregana');
    fill(/Customs record number/, 'HR-2026-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record validation' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = callsTo(fetchMock, STAGES_PATH);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      stage: 'FORM_VALIDATED',
      export_date: TODAY,
      customs_office: 'Bregana',
      customs_record_number: 'HR-2026-1',
    });
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(await screen.findByText('Customs validation recorded')).toBeTruthy();
  });

  it("shows the server's refusal of the order above the form and its field errors on the fields", async () => {
    storeTestSession();
    const fetchMock = serveForm({
      post: [
        {
          status: 409,
          body: {
            status: 'error',
            code: 'FORM_STAGE_NOT_FORWARD',
            message: 'This form has already reached this stage.',
          },
        },
        {
          status: 400,
          body: {
            status: 'error',
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            errors: [{ field: 'customs_record_number', message: 'Record number taken' }],
          },
        },
      ],
    });
    const onClose = renderDrawer('validation');

    await screen.findByRole('button', { name: 'Record validation' });
    fill(/Date of export/, TODAY);
    fill(/Customs office/, 'Bregana');
    fill(/Customs record number/, 'HR-2026-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record validation' }));

    const refusal = await screen.findByText('This form has already reached this stage.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record validation' }));
    expect(await screen.findByText('Record number taken')).toBeTruthy();
    expect(screen.queryByText('This form has already reached this stage.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // The same opened panel: the same key on the retry.
    const keys = callsTo(fetchMock, STAGES_PATH).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('Record receipt', () => {
  it("shows the form's summary and records the receipt on confirming", async () => {
    storeTestSession();
    const fetchMock = serveForm({ detail: { status: 'FORM_VALIDATED', ilr: 0 } });
    const onClose = renderDrawer('receipt');

    expect(
      await screen.findByText('The stamped original of this form is back with the shop.'),
    ).toBeTruthy();
    expect(screen.getByText('25.00 EUR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record receipt' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, STAGES_PATH)[0]!.body).toEqual({ stage: 'FORM_COLLECTED' });
  });

  it('says why when the form is not at this step', async () => {
    storeTestSession();
    const fetchMock = serveForm();
    renderDrawer('receipt');

    expect(
      await screen.findByText(
        "This is not the form's next step. Its next step is: Record customs validation.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record receipt' })).toBeNull();
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);
  });
});

describe('Record refund paid', () => {
  const validated = {
    detail: { status: 'FORM_COLLECTED', ilr: 0 },
    stages: [
      { stage: 'FORM_SUBMITTED', created_at: `${addDays(TODAY, -3)}T09:15:00+01:00` },
      {
        stage: 'FORM_VALIDATED',
        created_at: `${addDays(TODAY, -1)}T10:00:00+01:00`,
        export_date: addDays(TODAY, -2),
      },
      { stage: 'FORM_COLLECTED', created_at: `${TODAY}T08:00:00+01:00` },
    ],
  };

  it("offers today, the form's method and its refund, and refuses more than the refund", async () => {
    storeTestSession();
    const fetchMock = serveForm({ ...validated, post: [recorded('Refund payment recorded')] });
    const onClose = renderDrawer('refund');

    const amount = await screen.findByLabelText(/Amount paid/);
    expect((amount as HTMLInputElement).value).toBe('25.00');
    expect((screen.getByLabelText(/Refund date/) as HTMLInputElement).value).toBe(
      formatDate(TODAY),
    );
    expect((screen.getByLabelText(/Method paid/) as HTMLSelectElement).value).toBe('option6');
    expect(screen.getByText('At most 25.00 EUR, the refund on the form')).toBeTruthy();

    fill(/Amount paid/, '25.01');
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(
      await screen.findByText(
        'The amount paid cannot be more than the refund on the form (25.00 EUR)',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);

    fill(/Amount paid/, '24.50');
    fill(/Method paid/, 'option5');
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, STAGES_PATH)[0]!.body).toEqual({
      stage: 'FORM_REFUNDED',
      refund_date: TODAY,
      paid_amount: 24.5,
      paid_method: 'option5',
    });
  });

  it('refuses an amount paid it cannot read, rather than another amount', async () => {
    storeTestSession();
    const fetchMock = serveForm(validated);
    renderDrawer('refund');

    fireEvent.focus(await screen.findByLabelText(/Amount paid/));
    fill(/Amount paid/, '24,50');
    fireEvent.blur(screen.getByLabelText(/Amount paid/));
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(
      (await screen.findAllByText('This amount cannot be read: please type it like 1,234.56'))
        .length,
    ).toBeGreaterThan(0);
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);
  });

  it('refuses a refund dated before the export', async () => {
    storeTestSession();
    const fetchMock = serveForm(validated);
    renderDrawer('refund');

    await screen.findByLabelText(/Refund date/);
    fill(/Refund date/, addDays(TODAY, -3));
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(
      await screen.findByText(
        `The refund cannot be paid before the goods were exported (${formatDate(addDays(TODAY, -2))})`,
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, STAGES_PATH)).toHaveLength(0);
  });
});

void DEADLINE;
