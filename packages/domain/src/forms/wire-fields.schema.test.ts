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

  it("answers each instant's own day when the same zone is asked again and again", () => {
    // The last minute's answer is kept: the next minute, midnight in Zagreb, is a new day.
    expect(dayIn('Europe/Zagreb', new Date('2026-11-24T22:59:10Z'))).toBe('2026-11-24');
    expect(dayIn('Europe/Zagreb', new Date('2026-11-24T22:59:59Z'))).toBe('2026-11-24');
    expect(dayIn('Europe/Zagreb', new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25');
    expect(dayIn('Europe/Zagreb', new Date('2026-11-24T22:59:30Z'))).toBe('2026-11-24');
    // India is half an hour off UTC: its midnight falls on a minute of its own.
    expect(dayIn('Asia/Kolkata', new Date('2026-11-24T18:29:59Z'))).toBe('2026-11-24');
    expect(dayIn('Asia/Kolkata', new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-25');
  });
});
