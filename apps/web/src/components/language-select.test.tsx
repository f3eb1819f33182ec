import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { LanguageSelect } from './language-select';

describe('LanguageSelect', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers the eight languages, each named in itself', () => {
    renderWithProviders(<LanguageSelect />);
    const select = screen.getByLabelText('Language');
    const names = Array.from(select.querySelectorAll('option'), (option) => option.textContent);
    expect(names).toEqual([
      'English',
      'Hrvatski',
      'Français',
      'Slovenščina',
      'Deutsch',
      'Srpski',
      'Bosanski',
      'Español',
    ]);
  });

  it('switches the language at once and keeps the choice', async () => {
    renderWithProviders(<LanguageSelect />);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'sr' } });
    await waitFor(() => expect(i18n.language).toBe('sr'));
    expect(localStorage.getItem('vue-lang')).toBe('sr');
    expect(document.documentElement.lang).toBe('sr-Latn');
  });
});
