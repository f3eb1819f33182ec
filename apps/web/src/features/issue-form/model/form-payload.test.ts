import type { TaxFormPayload } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { toWirePayload } from './form-payload';

describe('toWirePayload', () => {
  it('gives a single invoice the form reference and its own date on the form', () => {
    const payload = {
      taxform: { invoice_reference_number: 'R-1', invoice_date: '2026-03-05' },
      invoice: [{ invoice_reference_number: '', invoice_date: '2026-03-04' }],
      products: [],
    } as unknown as TaxFormPayload;
    const wire = toWirePayload(payload, false);
    expect(wire.invoice?.[0]).toMatchObject({ invoice_reference_number: 'R-1' });
    expect(wire.taxform.invoice_date).toBe('2026-03-04');
  });
});
