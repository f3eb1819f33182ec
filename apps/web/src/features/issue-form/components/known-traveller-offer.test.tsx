import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { passportZone, renderNewForm } from './issue-form-test-server';

const ANA = {
  traveler_name: 'Ana',
  traveler_surname: 'Horvat',
  traveler_email: 'ana@example.com',
  traveler_mobile: '+385 91 123 4567',
  passport: 'P12345678',
  issued_govt: 7,
  nationality: 7,
  traveler_dob: '1985-03-12',
  traveler_postcode: '10000',
  traveler_address: 'Ilica 1, Zagreb',
  last_form_date: '2026-11-02',
};

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Types the passport number and moves on to the next field, as a clerk does with Tab. */
async function typePassport(passport: string) {
  const input = await screen.findByRole('textbox', { name: /^Passport number/ });
  input.focus();
  fireEvent.change(input, { target: { value: passport } });
  fireEvent.blur(input);
  const next = screen.getByRole('textbox', { name: /^Mobile/ });
  next.focus();
  return next;
}

describe('a returning traveller', () => {
  it('is offered under the passport field, politely, without taking the focus', async () => {
    renderNewForm({ travellers: { P12345678: ANA } });
    const typing = await typePassport('p12345678');

    const offer = await screen.findByTestId('known-traveller');
    expect(offer.textContent).toContain(
      `Ana Horvat, born ${formatDate('1985-03-12')}, last form ${formatDate('2026-11-02')}`,
    );
    expect(offer.parentElement?.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(typing);
    expect(
      within(offer).getByRole('button', { name: /^Use/ }).getAttribute('aria-keyshortcuts'),
    ).toBe('Alt+U');
  });

  it('is used with Alt+U from the field being typed in, and the focus stays there', async () => {
    renderNewForm({ travellers: { P12345678: ANA } });
    const typing = await typePassport('P12345678');
    await screen.findByTestId('known-traveller');

    fireEvent.keyDown(typing, { key: 'u', code: 'KeyU', altKey: true });

    await waitFor(() =>
      expect((field(/^Mobile/) as HTMLInputElement).value).toBe('+385 91 123 4567'),
    );
    expect((field(/^Address/) as HTMLInputElement).value).toBe('Ilica 1, Zagreb');
    expect((field(/^Name/) as HTMLInputElement).value).toBe('Ana');
    expect(document.activeElement).toBe(typing);
    expect(screen.queryByTestId('known-traveller')).toBeNull();
    expect(screen.getByText("Filled in from the known traveller's details.")).toBeTruthy();
  });

  it('goes when the passport changes, or when dismissed', async () => {
    renderNewForm({ travellers: { P12345678: ANA } });
    await typePassport('P12345678');
    await screen.findByTestId('known-traveller');
    fireEvent.change(field(/^Passport number/), { target: { value: 'P1234567' } });
    expect(screen.queryByTestId('known-traveller')).toBeNull();

    fireEvent.change(field(/^Passport number/), { target: { value: 'P12345678' } });
    const offer = await screen.findByTestId('known-traveller');
    fireEvent.click(within(offer).getByRole('button', { name: 'Dismiss the suggestion' }));
    expect(screen.queryByTestId('known-traveller')).toBeNull();
    expect((field(/^Address/) as HTMLInputElement).value).toBe('');
    // Alt+U does nothing once the offer is gone.
    fireEvent.keyDown(field(/^Mobile/), { key: 'u', code: 'KeyU', altKey: true });
    expect((field(/^Mobile/) as HTMLInputElement).value).toBe('');
  });

  it('is offered after a scan of their passport, the focus staying on the first empty field', async () => {
    renderNewForm({ travellers: { P12345678: ANA } });
    const input = await screen.findByRole('textbox', { name: /Scan passport/ });
    fireEvent.change(input, { target: { value: passportZone().join('\n') } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });

    await screen.findByTestId('known-traveller');
    const mobile = field(/^Mobile/);
    await waitFor(() => expect(document.activeElement).toBe(mobile));
    fireEvent.click(screen.getByRole('button', { name: /^Use/ }));
    await waitFor(() => expect((mobile as HTMLInputElement).value).toBe('+385 91 123 4567'));
  });

  it('is not offered for a passport no earlier form has', async () => {
    const fetchMock = renderNewForm({ travellers: { P12345678: ANA } });
    await typePassport('X0000000');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes('/traveller/passport/X0000000')),
      ).toBe(true),
    );
    expect(screen.queryByTestId('known-traveller')).toBeNull();
  });
});
