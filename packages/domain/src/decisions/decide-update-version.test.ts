import { describe, expect, it } from 'vitest';
import type { TaxFormPayload } from '../forms/tax-form-payload.schema.ts';
import { decideUpdate, type FormToUpdate, type UpdateContext } from './decide-update.ts';

/** The version check runs first: a stale version is refused whatever else the form holds. */

const form = (overrides: Partial<FormToUpdate> = {}): FormToUpdate => ({
  version: 3,
  stage: 'FORM_SUBMITTED',
  cancelled: false,
  exportDeadline: '2026-12-31',
  storedCardNumber: () => null,
  storedIban: () => null,
  ...overrides,
});

// A company with no legal identity: a form that passes the version and lifecycle checks is
// refused at the first rule of issuing, which shows how far the decision went.
const context = (expectedVersion: number | null | undefined): UpdateContext => ({
  company: { country: 'HR', currency: 'EUR', legalName: null, address: null, vatNumber: null },
  settings: {} as UpdateContext['settings'],
  today: '2026-11-28',
  isoOf: () => null,
  expectedVersion,
});

const sent = { taxform: {}, invoice: [], products: [] } as unknown as TaxFormPayload;
const codeOf = (decision: ReturnType<typeof decideUpdate>) =>
  decision.ok ? 'allowed' : decision.refusal.code;

describe('decideUpdate and the version the clerk opened', () => {
  it('refuses a stale version first, even on a form that may no longer be edited', () => {
    expect(codeOf(decideUpdate(form(), sent, context(2)))).toBe('FORM_CHANGED');
    expect(codeOf(decideUpdate(form({ cancelled: true }), sent, context(2)))).toBe('FORM_CHANGED');
  });

  it('goes on to the lifecycle and the rules of issuing at the current version, or unasked', () => {
    expect(codeOf(decideUpdate(form({ cancelled: true }), sent, context(3)))).toBe(
      'FORM_NOT_EDITABLE',
    );
    for (const expected of [3, null, undefined]) {
      const decision = decideUpdate(form(), sent, context(expected));
      expect(decision.ok ? [] : decision.refusal.issues?.map((i) => i.path.join('.'))).toEqual([
        'company.legal_name',
        'company.legal_address',
        'company.vat_number',
      ]);
    }
  });
});
