import { describe, expect, it } from 'vitest';
import {
  isMasked,
  keepStoredIfMasked,
  maskCardLast4,
  maskIbanLast4,
} from './masked-details.rules.ts';

describe('masking', () => {
  it('hides all but the last four digits, grouped as on the card', () => {
    expect(maskCardLast4('1111')).toBe('•••• •••• •••• 1111');
    expect(maskCardLast4('3742')).toBe('•••• •••• •••• 3742');
    expect(maskCardLast4('4444')).toBe('•••• •••• •••• 4444');
  });

  it('masks an IBAN all but the last four', () => {
    expect(maskIbanLast4('0160')).toBe('•••• 0160');
  });
});

describe('keeping what is stored', () => {
  it('recognises every mask it makes, and no clear value', () => {
    for (const masked of [maskCardLast4('1111'), maskIbanLast4('0160')]) {
      expect(isMasked(masked)).toBe(true);
    }
    expect(isMasked('4111111111111111')).toBe(false);
    expect(isMasked('HR1210010051863000160')).toBe(false);
    expect(isMasked(null)).toBe(false);
  });

  it('keeps the stored value for a masked one sent back, and a new value as sent', () => {
    const stored = () => '4111111111111111';
    expect(keepStoredIfMasked(maskCardLast4('1111'), stored)).toBe('4111111111111111');
    expect(keepStoredIfMasked('5555555555554444', stored)).toBe('5555555555554444');
    expect(keepStoredIfMasked(maskCardLast4('1111'), () => null)).toBe('•••• •••• •••• 1111');
  });
});
