import { describe, expect, it } from 'vitest';
import * as browser from './numbering-plans.browser.ts';
import * as bundled from './numbering-plans.ts';

describe('the phone number reader', () => {
  it('is here from the start where it is bundled (the server)', () => {
    expect(bundled.phoneNumberParser()?.('+385 91 234 5678')?.isValid()).toBe(true);
  });

  it('comes to the browser on the first load, once, and reads numbers the same way', async () => {
    expect(browser.phoneNumberParser()).toBeNull();
    const first = browser.loadNumberingPlans();
    expect(browser.loadNumberingPlans()).toBe(first);
    await first;
    for (const number of ['+385 91 234 5678', '+385 91 234', '091 234 5678', '+1 212 555 0123']) {
      const read = browser.phoneNumberParser()?.(number, 'HR');
      const expected = bundled.phoneNumberParser()?.(number, 'HR');
      expect([read?.number, read?.isValid()]).toEqual([expected?.number, expected?.isValid()]);
    }
  });
});
