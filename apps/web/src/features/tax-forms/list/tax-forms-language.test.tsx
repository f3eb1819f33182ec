import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { listCalls, makeForm, renderList, serveList } from './list-test-server';

const NAMES = {
  en: 'Bosnia and Herzegovina',
  hr: 'Bosna i Hercegovina',
  de: 'Bosnien und Herzegowina',
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const countryCell = (name: string) =>
  within(screen.getByRole('table')).queryByRole('cell', { name });

describe('the issuing country in the refund form list', () => {
  it('is named in the interface language, and the list is asked again when it changes', async () => {
    const fetchMock = serveList({ forms: [makeForm(1)], countryNames: NAMES });
    renderList();
    await screen.findByText('Displaying 1 of 1 result', {}, { timeout: 3000 });
    expect(countryCell(NAMES.en)).toBeTruthy();
    expect(listCalls(fetchMock).map((call) => call.language)).toEqual(['en']);

    await act(() => i18n.changeLanguage('hr'));
    await waitFor(() => expect(countryCell(NAMES.hr)).toBeTruthy());
    expect(countryCell(NAMES.en)).toBeNull();

    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(countryCell(NAMES.de)).toBeTruthy());
    expect(listCalls(fetchMock).map((call) => call.language)).toEqual(['en', 'hr', 'de']);
    // Each request asks for the first page again, under the same search.
    expect(listCalls(fetchMock).map(({ url }) => url.searchParams.get('page'))).toEqual([
      '1',
      '1',
      '1',
    ]);
  });
});
