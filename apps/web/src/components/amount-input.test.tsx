import { act, fireEvent, screen } from '@testing-library/react';
import hrValidation from '@taxfree/domain/locales/hr/validation.json';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { AmountInput } from './amount-input';

/** The input in a form of one field; `kept` shows what the form would hold. */
function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AmountInput label="Gross amount" value={value} onChange={setValue} />
      <output aria-label="kept">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Gross amount' }) as HTMLInputElement;
const kept = () => screen.getByRole('status', { name: 'kept' }).textContent;

function type(text: string) {
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.blur(input());
}

describe('AmountInput', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads an amount as English writes it and shows it so once left', () => {
    renderWithProviders(<Form />);
    type('1234.5');
    expect(kept()).toBe('1234.50');
    expect(input().value).toBe('1,234.50');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('reads an amount as Croatian writes it, and keeps the wire text', async () => {
    i18n.addResourceBundle('hr', 'validation', hrValidation, true, true);
    renderWithProviders(<Form initial="1234.56" />);
    await act(() => i18n.changeLanguage('hr'));
    expect(input().value).toBe('1.234,56');
    for (const [typed, expected] of [
      ['1.234,56', '1234.56'],
      ['1234,56', '1234.56'],
      ['1234', '1234.00'],
      ['0,5', '0.50'],
    ]) {
      type(typed!);
      expect(kept()).toBe(expected);
    }
    expect(input().value).toBe('0,50');
  });

  it('keeps what it cannot read as typed and says how to type an amount, in the language', async () => {
    i18n.addResourceBundle('hr', 'validation', hrValidation, true, true);
    renderWithProviders(<Form initial="10.00" />);
    await act(() => i18n.changeLanguage('hr'));
    type('12,345,67');
    expect(kept()).toBe('12,345,67');
    expect(input().value).toBe('12,345,67');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Iznos nije moguće pročitati: upišite ga u obliku 1.234,56'),
    ).toBeTruthy();
    type('1,234');
    expect(screen.getByText(hrValidation.amountInvalid)).toBeTruthy();
    type('12,34');
    expect(kept()).toBe('12.34');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps nothing for an emptied field', () => {
    renderWithProviders(<Form initial="5.00" />);
    type('  ');
    expect(kept()).toBe('');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows no message while the clerk is still typing', () => {
    renderWithProviders(<Form />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '1,2' } });
    expect(input().value).toBe('1,2');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });
});
