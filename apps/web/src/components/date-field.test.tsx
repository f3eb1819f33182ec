import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import hrCommon from '@taxfree/domain/locales/hr/common.json';
import hrStart from '@taxfree/domain/locales/hr/start.json';
import hrValidation from '@taxfree/domain/locales/hr/validation.json';
import { LANGUAGES } from '@taxfree/domain';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { dayjsLocaleOf } from './date-calendar';
import { DateField } from './date-field';

/** The field in a form of one field; `kept` shows what the form would hold. */
function Form({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date of export" value={value} onChange={setValue} min={min} max={max} />
      <output aria-label="kept">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Date of export') as HTMLInputElement;
const kept = () => screen.getByRole('status', { name: 'kept' }).textContent;

function type(text: string) {
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.blur(input());
}

async function inCroatian() {
  i18n.addResourceBundle('hr', 'common', { ...hrStart, ...hrCommon }, true, true);
  i18n.addResourceBundle('hr', 'validation', hrValidation, true, true);
  await act(() => i18n.changeLanguage('hr'));
}

describe('DateField', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the day first in English, whatever the browser, and keeps yyyy-mm-dd', () => {
    renderWithProviders(<Form initial="2026-11-27" />);
    expect(input().value).toBe('27/11/2026');
    expect(input().type).toBe('text');
    expect(input().getAttribute('placeholder')).toBe('dd/mm/yyyy');
    type('03/12/2026');
    expect(kept()).toBe('2026-12-03');
    expect(input().value).toBe('03/12/2026');
  });

  it('reads what a Croatian clerk types without the calendar', async () => {
    renderWithProviders(<Form initial="2026-11-27" />);
    await inCroatian();
    expect(input().value).toBe('27.11.2026');
    expect(input().getAttribute('placeholder')).toBe('dd.mm.gggg');
    for (const [typed, expected] of [
      ['1.12.2026', '2026-12-01'],
      ['28. 11. 2026.', '2026-11-28'],
      ['29112026', '2026-11-29'],
      ['2026-11-30', '2026-11-30'],
    ]) {
      type(typed!);
      expect(kept()).toBe(expected);
    }
    expect(input().value).toBe('30.11.2026');
  });

  it('keeps what is no day as typed and says how to type one', async () => {
    renderWithProviders(<Form initial="2026-11-27" />);
    await inCroatian();
    type('31.02.2026');
    expect(kept()).toBe('31.02.2026');
    expect(input().value).toBe('31.02.2026');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Datum nije moguće pročitati: upišite ga u obliku 27.11.2026'),
    ).toBeTruthy();
    type('');
    expect(kept()).toBe('');
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('lets a day be picked from the calendar, within min and max', async () => {
    renderWithProviders(<Form initial="2026-11-20" min="2026-11-10" max="2026-11-25" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const calendar = await screen.findByRole('dialog');
    const day = (label: string) => within(calendar).getByRole('button', { name: label });
    await waitFor(() => expect(day('24 November 2026')).toBeTruthy());
    expect(day('26 November 2026').hasAttribute('disabled')).toBe(true);
    fireEvent.click(day('24 November 2026'));
    expect(kept()).toBe('2026-11-24');
    expect(input().value).toBe('24/11/2026');
  });

  it('is found by its aria-label in a table cell, as by its label', () => {
    renderWithProviders(
      <DateField aria-label="Invoice date, row 1" value="2026-11-27" onChange={() => undefined} />,
    );
    expect(
      (screen.getByRole('textbox', { name: 'Invoice date, row 1' }) as HTMLInputElement).value,
    ).toBe('27/11/2026');
  });

  it('opens the calendar with Alt+Down from the field', async () => {
    renderWithProviders(<Form initial="2026-11-20" />);
    fireEvent.keyDown(input(), { key: 'ArrowDown', altKey: true });
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('has month names for every language', () => {
    expect(LANGUAGES.map(dayjsLocaleOf)).toEqual([
      'en-gb',
      'hr',
      'fr',
      'sl',
      'de',
      'sr',
      'bs',
      'es',
    ]);
  });
});
