import { describe, expect, it } from 'vitest';
import { maskCardLast4, maskIbanLast4 } from '../payment/masked-details.rules.ts';
import { decideIssue } from './decide-issue.ts';
import { decideUpdate, type FormToUpdate } from './decide-update.ts';
import { allowed, formPayload, issueContext, refusalOf, TODAY } from './decision-fixtures.ts';

/**
 * Updating a form: only while it is issued, not cancelled and its export window open, then by the
 * rules of issuing; card numbers and IBANs sent back masked keep the stored ones.
 */

const STORED_CARD = '4012888888881881';
const STORED_IBAN = 'DE89370400440532013000';

/** A form issued and still open to changes, its card and IBAN stored; `reads` counts their reads. */
function storedForm(state: Partial<FormToUpdate> = {}) {
  const reads = { card: 0, iban: 0 };
  const form: FormToUpdate = {
    version: 1,
    stage: 'FORM_SUBMITTED',
    cancelled: false,
    exportDeadline: '2026-08-31',
    storedCardNumber: () => {
      reads.card += 1;
      return STORED_CARD;
    },
    storedIban: () => {
      reads.iban += 1;
      return STORED_IBAN;
    },
    ...state,
  };
  return { form, reads };
}

const context = issueContext('HR');

describe('decideUpdate', () => {
  it.each([
    ['validated by customs', { stage: 'FORM_VALIDATED' }],
    ['collected', { stage: 'FORM_COLLECTED' }],
    ['refunded', { stage: 'FORM_REFUNDED' }],
    ['cancelled', { cancelled: true }],
    ['expired (its export window closed yesterday)', { exportDeadline: '2026-05-19' }],
  ])('refuses to change a form %s', (_, state) => {
    const { form } = storedForm(state);
    expect(refusalOf(decideUpdate(form, formPayload(), context))).toEqual({
      code: 'FORM_NOT_EDITABLE',
      issues: [],
    });
  });

  it('changes a form on the last day of its export window, as issuing would', () => {
    const { form } = storedForm({ exportDeadline: TODAY });
    const sent = formPayload({ taxform: { traveler_surname: 'Zhāng' } });
    const updated = allowed(decideUpdate(form, sent, context));
    expect(updated).toEqual(allowed(decideIssue(sent, context)));
    expect(updated.payload.taxform.traveler_surname).toBe('Zhāng');
  });

  it('refuses a form wrong on its own before asking for the stored card', () => {
    const { form, reads } = storedForm({ stage: 'FORM_VALIDATED' });
    decideUpdate(form, formPayload({ taxform: { acc_details: maskCardLast4('1881') } }), context);
    expect(reads).toEqual({ card: 0, iban: 0 });
  });

  it('keeps the stored card number when it is sent back masked', () => {
    const { form, reads } = storedForm();
    const sent = formPayload({ taxform: { acc_details: maskCardLast4('1881') } });
    expect(allowed(decideUpdate(form, sent, context)).payload.taxform.acc_details).toBe(
      STORED_CARD,
    );
    expect(reads.card).toBe(1);
  });

  it('takes a card number typed anew, without reading the stored one', () => {
    const { form, reads } = storedForm();
    const sent = formPayload({ taxform: { acc_details: '5555 5555 5555 4444' } });
    expect(allowed(decideUpdate(form, sent, context)).payload.taxform.acc_details).toBe(
      '5555555555554444',
    );
    expect(reads).toEqual({ card: 0, iban: 0 });
  });

  it('keeps the stored IBAN when it is sent back masked', () => {
    const { form } = storedForm();
    const sent = formPayload({
      taxform: { method_of_refund: 'option6', acc_details: '', iban: maskIbanLast4('3000') },
    });
    expect(allowed(decideUpdate(form, sent, context)).payload.taxform.iban).toBe(STORED_IBAN);
  });

  it('refuses a masked card number when none is stored', () => {
    const { form } = storedForm({ storedCardNumber: () => null });
    const sent = formPayload({ taxform: { acc_details: maskCardLast4('1881') } });
    expect(refusalOf(decideUpdate(form, sent, context))).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [['taxform.acc_details', 'cardNumberInvalid', {}]],
    });
  });
});
