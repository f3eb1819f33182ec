import { croatianLink } from '@taxfree/domain/receipt-fixtures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopToday } from '@/lib/shop-day';
import { renderNewForm } from './issue-form-test-server';

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';

/** A Croatian receipt's link for `cents`, made on `day` (yyyy-mm-dd). */
function receiptLink(cents: number, day = shopToday('HR'), jir = JIR): string {
  return croatianLink([
    ['jir', jir],
    ['datv', `${day.replaceAll('-', '')}_0930`],
    ['izn', String(cents)],
  ]);
}

/** What a keyboard-wedge 2D reader does: the code, then Enter. */
async function scanReceipt(code: string) {
  const input = await screen.findByRole('textbox', { name: /^Scan receipt/ });
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  return input;
}

const invoice = () => within(screen.getByRole('region', { name: 'Invoice' }));

describe('the receipt scan', () => {
  it('fills the day and the gross, and keeps the fiscal id with the invoice', async () => {
    renderNewForm();
    await scanReceipt(receiptLink(23_450));
    await waitFor(() =>
      expect(invoice().getByTestId('receipt-scan-status').textContent).toBe(
        'Filled from the receipt: date and total.',
      ),
    );
    const gross = invoice().getByRole('textbox', { name: 'Gross amount, line 1' });
    expect((gross as HTMLInputElement).value).toBe('234.50');
    expect(invoice().getByTestId('invoice-receipt').textContent).toBe(`Fiscal receipt ${JIR}`);
    expect(invoice().getByTestId('total-gross').textContent).toBe('234.50 EUR');
    expect(invoice().queryByRole('alert')).toBeNull();
  });

  it('says at once that a receipt is under the minimum or past the export window', async () => {
    renderNewForm();
    await scanReceipt(receiptLink(5_000, '2020-01-15'));
    const warning = await invoice().findByRole('alert');
    expect(warning.textContent).toContain('Check this receipt before issuing');
    expect(warning.textContent).toContain(
      'Below the minimum of 100.01 EUR per invoice: 50.01 EUR more is needed',
    );
    expect(warning.textContent).toContain('The export deadline of 30/04/2020 has passed');
    // The day of the sale is the receipt's: no invoice is after it.
    expect(warning.textContent).not.toContain('after the date of sale');
  });

  it.each([
    ['text that is no receipt', 'hello', "This is not a fiscal receipt's code we can read"],
    [
      'a damaged Croatian link',
      receiptLink(1000).replace(/izn=\d+/, 'izn=abc'),
      "This is not a fiscal receipt's code we can read",
    ],
  ])('fills nothing from %s and says why', async (_case, code, message) => {
    renderNewForm();
    const input = await scanReceipt(code);
    const alert = await invoice().findByRole('alert');
    expect(alert.textContent).toContain('The receipt was not read: nothing was filled.');
    expect(alert.textContent).toContain(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(invoice().queryByTestId('invoice-receipt')).toBeNull();
  });

  it('refuses the receipt the form already has', async () => {
    renderNewForm();
    await scanReceipt(receiptLink(23_450));
    await waitFor(() => expect(invoice().queryByTestId('invoice-receipt')).not.toBeNull());
    await scanReceipt(receiptLink(30_000));
    const alert = await invoice().findByRole('alert');
    expect(alert.textContent).toContain('This receipt is already on this form.');
  });

  it('brings the clerk back to the scan when another form holds the receipt', async () => {
    renderNewForm({ receiptHeldBy: '000010000000454' });
    const input = await scanReceipt(receiptLink(23_450));
    const alert = await invoice().findByText(/000010000000454/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
