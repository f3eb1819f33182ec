import { LANGUAGES } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';

const catalogues = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/domain/src/i18n/locales/*/{start,common}.json',
  { eager: true, import: 'default' },
);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/** The `common` namespace of a language: its two files, start.json and common.json. */
function common(language: string) {
  const [start, rest] = ['start', 'common'].map(
    (file) => catalogues[`../../../../packages/domain/src/i18n/locales/${language}/${file}.json`],
  );
  if (!start || !rest) throw new Error(`No common catalogue for ${language}`);
  return { ...start, ...rest };
}

describe('common catalogues', () => {
  const english = keysOf(common('en')).sort();

  it.each(LANGUAGES)('%s has exactly the keys of English', (language) => {
    expect(keysOf(common(language)).sort()).toEqual(english);
  });

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    const flat = keysOf(common(language));
    for (const key of flat) {
      const value = key.split('.').reduce<unknown>((node, part) => {
        return typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined;
      }, common(language));
      expect(typeof value === 'string' && value.trim() !== '', `${language}:${key}`).toBe(true);
    }
  });

  it('names the tax-free form the way each country does', () => {
    const formName = (language: string) => (common(language).app as { formName: string }).formName;
    expect(formName('en')).toBe('Tax Free Form');
    expect(formName('hr')).toBe('PDV-P');
    expect(formName('sr')).toBe('ZPPPDV');
    expect(formName('bs')).toBe('PDV-SL-2');
    expect(formName('sl-si')).toBe('DDV-VP');
    expect(formName('de')).toBe('Tax-Free-Formular');
    expect(formName('fr')).toBe('Bordereau de détaxe');
    expect(formName('es')).toBe('Formulario Tax Free');
  });
});
