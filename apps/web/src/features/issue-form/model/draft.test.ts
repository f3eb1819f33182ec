import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, parseDraft, saveDraft, toDraft } from './draft';
import { newFormValues } from './tax-form-values';

const pristine = newFormValues('2026-03-05', 25);
const key = draftKey('7', '3');

function filled() {
  const values = newFormValues('2026-03-05', 25);
  values.taxform.traveler_name = 'Ana';
  values.taxform.method_of_refund = 'option2';
  values.taxform.acc_details = '4111111111111111';
  values.taxform.iban = 'HR1210010051863000160';
  values.taxform.nationality = null;
  values.invoice[0]!.breakdown[0]!.gross_sales_price = '100.00';
  return values;
}

afterEach(() => localStorage.clear());

describe('issue form draft', () => {
  it('is kept per company and user', () => {
    expect(draftKey('7', '3')).toBe('issueFormDraft:7:3');
  });

  it('never holds the card number or the IBAN', () => {
    const draft = toDraft(filled());
    expect(draft.taxform.acc_details).toBe('');
    expect(draft.taxform.iban).toBe('');
    saveDraft(key, filled(), pristine);
    const raw = localStorage.getItem(key) ?? '';
    expect(raw).toContain('Ana');
    expect(raw).not.toContain('4111');
    expect(raw).not.toContain('HR1210010051863000160');
  });

  it('restores the values over the defaults', () => {
    saveDraft(key, filled(), pristine);
    const restored = loadDraft(key, pristine);
    expect(restored?.taxform.traveler_name).toBe('Ana');
    expect(restored?.taxform.method_of_refund).toBe('option2');
    expect(restored?.taxform.acc_details).toBe('');
    expect(restored?.invoice[0]?.breakdown[0]?.gross_sales_price).toBe('100.00');
    expect(restored?.products).toHaveLength(1);
  });

  it('leaves no draft for a form still as it started', () => {
    saveDraft(key, filled(), pristine);
    saveDraft(key, newFormValues('2026-03-05', 25), pristine);
    expect(localStorage.getItem(key)).toBeNull();
    expect(loadDraft(key, pristine)).toBeNull();
  });

  it('ignores broken or foreign drafts and unknown fields', () => {
    expect(parseDraft('not json', pristine)).toBeNull();
    expect(parseDraft(JSON.stringify({ version: 99, values: {} }), pristine)).toBeNull();
    const odd = parseDraft(
      JSON.stringify({
        version: 1,
        values: {
          taxform: { traveler_name: 42, traveler_surname: 'Kovač', evil: 'x', acc_details: '4111' },
          invoice: 'nope',
          products: [{ description: 'Belt', quantity: 3 }],
        },
      }),
      pristine,
    );
    expect(odd?.taxform.traveler_name).toBe('');
    expect(odd?.taxform.traveler_surname).toBe('Kovač');
    expect(odd?.taxform.acc_details).toBe('');
    expect(odd?.taxform).not.toHaveProperty('evil');
    expect(odd?.invoice).toEqual(pristine.invoice);
    expect(odd?.products[0]).toMatchObject({ description: 'Belt', quantity: '1' });
  });

  it('is removed when cleared', () => {
    saveDraft(key, filled(), pristine);
    clearDraft(key);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
