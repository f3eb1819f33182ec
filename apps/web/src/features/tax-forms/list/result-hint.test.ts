import { LANGUAGES } from '@taxfree/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { baseI18nOptions } from '@/lib/i18n';

const catalogues = import.meta.glob<Record<string, unknown>>(
  '../../../../../../packages/domain/src/i18n/locales/*/common.json',
  { eager: true, import: 'default' },
);

async function hintIn(language: string) {
  const common =
    catalogues[`../../../../../../packages/domain/src/i18n/locales/${language}/common.json`];
  const instance = i18next.createInstance();
  await instance.init({
    ...baseI18nOptions,
    lng: language,
    fallbackLng: false,
    resources: { [language]: { common: common ?? {} } },
  });
  return (count: number) => instance.t('refundForms.hint', { shown: Math.min(count, 5), count });
}

describe("'Displaying X of Y result(s)'", () => {
  it.each(LANGUAGES)('%s has a text for every plural form its grammar uses', async (language) => {
    const hint = await hintIn(language);
    for (const count of [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 102, 103, 1_000_000]) {
      const text = hint(count);
      expect(text, `${language} ${count}`).not.toContain('refundForms');
      expect(text, `${language} ${count}`).toContain(String(count));
    }
  });

  it('follows each grammar', async () => {
    const [en, hr, sl, de, fr, es] = await Promise.all(
      ['en', 'hr', 'sl-si', 'de', 'fr', 'es'].map(hintIn),
    );
    expect(en!(1)).toBe('Displaying 1 of 1 result');
    expect(en!(36)).toBe('Displaying 5 of 36 results');
    expect(hr!(21)).toBe('Prikazano 5 od 21 rezultata');
    expect(sl!(1)).toBe('Prikazano 1 od 1 rezultata');
    expect(sl!(2)).toBe('Prikazano 2 od 2 rezultatov');
    expect(sl!(102)).toBe('Prikazano 5 od 102 rezultatov');
    expect(de!(1)).toBe('1 von 1 Ergebnis angezeigt');
    expect(de!(7)).toBe('5 von 7 Ergebnissen angezeigt');
    expect(fr!(0)).toBe('Affichage de 0 sur 0 résultat');
    expect(es!(1_000_000)).toBe('Mostrando 5 de 1000000 resultados');
  });
});
