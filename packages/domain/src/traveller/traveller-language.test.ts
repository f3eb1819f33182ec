import { describe, expect, it } from 'vitest';
import { defaultTravellerLanguage, wireTravellerLanguage } from './traveller-language.ts';

describe('defaultTravellerLanguage', () => {
  it('takes the language of the nationality first, then of the issuing country', () => {
    expect(defaultTravellerLanguage('RS', 'DE')).toBe('sr');
    expect(defaultTravellerLanguage('CN', 'de')).toBe('de');
    expect(defaultTravellerLanguage(null, 'MX')).toBe('es');
    expect(defaultTravellerLanguage('ME', null)).toBe('sr');
    expect(defaultTravellerLanguage('BA', null)).toBe('bs');
    expect(defaultTravellerLanguage('CH', null)).toBe('de');
    expect(defaultTravellerLanguage('US', null)).toBe('en');
  });

  it('leaves English to the server for a country of several or other languages', () => {
    expect(defaultTravellerLanguage('BE', 'CN')).toBeNull();
    expect(defaultTravellerLanguage(undefined, undefined)).toBeNull();
  });
});

describe('wireTravellerLanguage', () => {
  it('takes a portal language, and empty or missing as none', () => {
    expect(wireTravellerLanguage.parse('sl-si')).toBe('sl-si');
    expect(wireTravellerLanguage.parse('')).toBeNull();
    expect(wireTravellerLanguage.parse(null)).toBeNull();
    expect(wireTravellerLanguage.parse(undefined)).toBeNull();
  });

  it('refuses a language the portal does not speak', () => {
    const result = wireTravellerLanguage.safeParse('it');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('invalidValue');
  });
});
