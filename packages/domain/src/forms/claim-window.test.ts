import { describe, expect, it } from 'vitest';
import { formClaimDue } from './claim-window.ts';
import { awaitsStampedForm } from './lifecycle.rules.ts';

const TODAY = '2026-11-27';
const issued = { stage: 'FORM_SUBMITTED', cancelled: false, exportDeadline: '2027-02-28' };

describe('a shop waiting for the stamped form', () => {
  it.each([
    ['issued', issued, true],
    ['validated by customs', { ...issued, stage: 'FORM_VALIDATED' }, true],
    ['received', { ...issued, stage: 'FORM_COLLECTED' }, false],
    ['paid out', { ...issued, stage: 'FORM_REFUNDED' }, false],
    ['cancelled', { ...issued, cancelled: true }, false],
    ['expired', { ...issued, exportDeadline: '2026-11-26' }, false],
    [
      'validated after its deadline',
      { ...issued, stage: 'FORM_VALIDATED', exportDeadline: '2026-11-26' },
      true,
    ],
  ])('waits for a form %s: %s', (_case, form, waits) => {
    expect(awaitsStampedForm(form, TODAY)).toBe(waits);
  });
});

describe('the day a stamped form is due back', () => {
  // formClaimDue judges on the real today: a deadline far ahead keeps the form open.
  const form = {
    ...issued,
    exportDeadline: '2099-12-31',
    issuedAt: '2026-11-26T23:30:00Z',
    dateOfSales: '2026-11-20',
    timeZone: 'Europe/Ljubljana',
  };

  it("counts Slovenia's six months from the issue, on the shop's day", () => {
    // 23:30 UTC on 26 November is 00:30 on 27 November in Ljubljana.
    expect(formClaimDue('SI', form)).toBe('2027-05-27');
  });

  it("counts Croatia's six months from the sale", () => {
    expect(formClaimDue('HR', { ...form, timeZone: 'Europe/Zagreb' })).toBe('2027-05-20');
  });

  it('is none where the country sets none, and once the shop no longer waits', () => {
    expect(formClaimDue('RS', form)).toBeNull();
    expect(formClaimDue('SI', { ...form, stage: 'FORM_COLLECTED' })).toBeNull();
    expect(formClaimDue('SI', { ...form, cancelled: true })).toBeNull();
  });
});
