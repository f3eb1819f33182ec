import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeBarcode } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ScanFormDialog } from './scan-form-dialog';
import { callsTo, formDetail, serveForm } from '../form/stage-test-server';

const BARCODE = makeBarcode(7, 12);
const LIST_PATH = '/api/v2/companies/7/retailers/9/taxforms';

function renderDialog() {
  const onFound = vi.fn();
  renderWithProviders(<ScanFormDialog opened onClose={() => {}} onFound={onFound} />);
  return onFound;
}

/** What a hand scanner does: the digits, then Enter. */
async function scan(digits: string) {
  const field = await screen.findByLabelText('Barcode');
  fireEvent.change(field, { target: { value: digits } });
  fireEvent.submit(field.closest('form')!);
}

describe('Scan returned form', () => {
  it('says so when the check digit is wrong, and looks nothing up', async () => {
    storeTestSession();
    const fetchMock = serveForm();
    renderDialog();

    const wrong = `${BARCODE.slice(0, -1)}${(Number(BARCODE.at(-1)) + 1) % 10}`;
    await scan(wrong);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This barcode's check digit is wrong: scan it again or check the digits",
    );
    expect(screen.getByLabelText('Barcode').getAttribute('aria-invalid')).toBe('true');
    await scan('12345');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe("A form's barcode has 15 digits"),
    );
    expect(callsTo(fetchMock, LIST_PATH)).toHaveLength(0);
  });

  it("finds the form by its barcode and opens its next step's panel", async () => {
    storeTestSession();
    const form = formDetail({ barcode: BARCODE, status: 'FORM_VALIDATED', ilr: 0 });
    const fetchMock = serveForm({ list: [form] });
    const onFound = renderDialog();

    await scan(BARCODE);

    await waitFor(() => expect(onFound).toHaveBeenCalled());
    expect(onFound.mock.calls[0]![0]).toBe('receipt');
    expect(onFound.mock.calls[0]![1]).toMatchObject({ id: 12, barcode: BARCODE });
    const lookup = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === LIST_PATH);
    expect(lookup?.searchParams.get('search')).toBe(BARCODE);
  });

  it('opens the customs validation of an issued form', async () => {
    storeTestSession();
    serveForm({ list: [formDetail({ barcode: BARCODE })] });
    const onFound = renderDialog();

    await scan(` ${BARCODE} `);
    await waitFor(() => expect(onFound).toHaveBeenCalled());
    expect(onFound.mock.calls[0]![0]).toBe('validation');
  });

  it('says why nothing can be recorded on a cancelled or paid-out form', async () => {
    storeTestSession();
    serveForm({ list: [formDetail({ barcode: BARCODE, cancelled: '1', ilr: 0 })] });
    const onFound = renderDialog();

    await scan(BARCODE);
    expect(
      await screen.findByText('This form is cancelled: its stage can no longer change.'),
    ).toBeTruthy();
    expect(screen.getByText('Ana Horvat')).toBeTruthy();
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says so when a paid-out form is scanned, or no form has the barcode', async () => {
    storeTestSession();
    serveForm({ list: [formDetail({ barcode: BARCODE, status: 'FORM_REFUNDED', ilr: 0 })] });
    const onFound = renderDialog();

    await scan(BARCODE);
    expect(
      await screen.findByText(
        'The refund on this form has already been paid: there is nothing left to record.',
      ),
    ).toBeTruthy();
    await scan(makeBarcode(7, 13));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('No form of this shop has this barcode.'),
    );
    expect(screen.getByLabelText('Barcode').getAttribute('aria-invalid')).not.toBe('true');
    expect(onFound).not.toHaveBeenCalled();
  });
});
