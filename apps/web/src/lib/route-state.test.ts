import { describe, expect, it } from 'vitest';
import { readNotice, readReturnPath } from './route-state';

describe('route state', () => {
  it('returns to the screen the user came from, when it is an in-app path', () => {
    expect(readReturnPath({ from: '/issueForm' })).toBe('/issueForm');
    expect(readReturnPath({ from: '/promoList' })).toBe('/promoList');
  });

  it('goes to the list for anything else: no state, the login itself, another site', () => {
    expect(readReturnPath(undefined)).toBe('/');
    expect(readReturnPath({ from: '/login' })).toBe('/');
    expect(readReturnPath({ from: '//evil.example/x' })).toBe('/');
    expect(readReturnPath({ from: 'https://evil.example' })).toBe('/');
    expect(readReturnPath({ from: 42 })).toBe('/');
  });

  it('reads a notice only when it is a non-empty text', () => {
    expect(readNotice({ notice: 'Password changed' })).toBe('Password changed');
    expect(readNotice({ notice: '' })).toBeUndefined();
    expect(readNotice(null)).toBeUndefined();
  });
});
