import { describe, expect, it } from 'vitest';
import { dayIn } from './wire-fields.schema.ts';

describe('dayIn', () => {
  it("reads an instant's calendar day where the shop is, not in UTC", () => {
    const lateInUtc = new Date('2026-11-24T23:30:00Z');
    expect(dayIn('UTC', lateInUtc)).toBe('2026-11-24');
    expect(dayIn('Europe/Zagreb', lateInUtc)).toBe('2026-11-25');
    expect(dayIn('Pacific/Kiritimati', new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-25');
    expect(dayIn('America/New_York', new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
  });

  it('follows summer time: 22:30 UTC in July is already tomorrow in Zagreb', () => {
    expect(dayIn('Europe/Zagreb', new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-14');
    expect(dayIn('Europe/Zagreb', new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });
});
