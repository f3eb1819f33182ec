import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, toLanguage } from './languages.ts';

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
