import { describe, expect, it } from 'vitest';
import { inLanguageOrder, languageFromAcceptLanguage, toLanguage } from './languages.ts';

describe('languageFromAcceptLanguage', () => {
  it('picks the highest-weighted supported language', () => {
    expect(languageFromAcceptLanguage('ja, de;q=0.8, hr;q=0.9')).toBe('hr');
  });

  it('maps regional and script variants onto the interface languages', () => {
    expect(languageFromAcceptLanguage('sl-SI')).toBe('sl-si');
    expect(languageFromAcceptLanguage('sl')).toBe('sl-si');
    expect(languageFromAcceptLanguage('sr-Latn-RS')).toBe('sr');
    expect(toLanguage('de-AT')).toBe('de');
  });

  it('falls back to English for unknown or missing headers', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('ja, zh;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('fr;q=0')).toBe('en');
  });
});

describe('inLanguageOrder', () => {
  const names = [{ name: 'Čaj' }, { name: 'Cipele' }, { name: 'Dar' }, { name: 'Džemperi' }];
  const order = (language: Parameters<typeof inLanguageOrder>[2]) =>
    inLanguageOrder(names, (item) => item.name, language).map((item) => item.name);

  it('sorts č after every c and dž after every d in Croatian, Bosnian and Serbian', () => {
    for (const language of ['hr', 'bs', 'sr'] as const) {
      expect(order(language)).toEqual(['Cipele', 'Čaj', 'Dar', 'Džemperi']);
    }
  });

  it('sorts č with c in English and German, and leaves the items it was given as they were', () => {
    expect(order('en')).toEqual(['Čaj', 'Cipele', 'Dar', 'Džemperi']);
    expect(order('de')).toEqual(['Čaj', 'Cipele', 'Dar', 'Džemperi']);
    expect(names[0]!.name).toBe('Čaj');
  });
});
