import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';

describe('server translator', () => {
  it('answers a plain key in its language, the same on every call', () => {
    const t = translator('hr');
    expect(t('success.loginSuccessful')).toBe('Prijava je uspjela');
    expect(t('success.loginSuccessful')).toBe('Prijava je uspjela');
    expect(translator('en')('success.loginSuccessful')).not.toBe('Prijava je uspjela');
    expect(translator('hr')).toBe(t);
  });

  it('fills in the values of each call', () => {
    const t = translator('en');
    expect(t('errors.TOO_MANY_ATTEMPTS', { minutes: 5 })).toContain('5 minutes');
    expect(t('errors.TOO_MANY_ATTEMPTS', { minutes: 15 })).toContain('15 minutes');
  });

  it('answers a key missing from the catalogue with the key itself', () => {
    expect(translator('de')('errors.NOT_A_REAL_CODE')).toBe('errors.NOT_A_REAL_CODE');
  });
});
