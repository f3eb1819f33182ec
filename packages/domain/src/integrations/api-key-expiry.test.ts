import { describe, expect, it } from 'vitest';
import { apiKeyExpiry } from './api-key-expiry.ts';

const NOW = new Date('2026-11-29T10:00:00Z');

describe("an API key's last day", () => {
  it('ends at the midnight after it, in the shop’s time zone', () => {
    expect(apiKeyExpiry('2026-12-31', 'Europe/Zagreb', NOW)).toEqual({
      ok: true,
      expiresAt: new Date('2026-12-31T23:00:00Z'),
    });
    expect(apiKeyExpiry('2027-07-01', 'Europe/Zagreb', NOW)).toEqual({
      ok: true,
      expiresAt: new Date('2027-07-01T22:00:00Z'),
    });
  });

  it('may be today, and is never past', () => {
    expect(apiKeyExpiry('2026-11-29', 'Europe/Zagreb', NOW).ok).toBe(true);
    expect(apiKeyExpiry('2026-11-28', 'Europe/Zagreb', NOW)).toEqual({
      ok: false,
      message: 'keyExpiryPast',
    });
  });

  it('is none when not given', () => {
    expect(apiKeyExpiry(null, 'Europe/Zagreb', NOW)).toEqual({ ok: true, expiresAt: null });
    expect(apiKeyExpiry(undefined, 'Europe/Zagreb', NOW)).toEqual({ ok: true, expiresAt: null });
  });
});
