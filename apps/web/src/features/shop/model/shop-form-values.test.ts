import { describe, expect, it } from 'vitest';
import { completeWebsite } from './shop-form-values';

describe('completeWebsite', () => {
  it('adds https:// to an address typed without its scheme', () => {
    expect(completeWebsite(' www.riva.example ')).toBe('https://www.riva.example');
    expect(completeWebsite('riva.example/shop')).toBe('https://riva.example/shop');
  });

  it('leaves complete addresses, empty text and words alone', () => {
    expect(completeWebsite('http://riva.example')).toBeNull();
    expect(completeWebsite('mailto:shop@riva.example')).toBeNull();
    expect(completeWebsite('')).toBeNull();
    expect(completeWebsite('riva')).toBeNull();
  });
});
