import { centsToAmount } from '@taxfree/domain';
import { CUSTOMS_OFFICES, REFUND_METHODS, STAGES, isoDate, type DemoForm } from './demo-data.ts';

type Stage = (typeof STAGES)[number];

/** What a customs stamp or a payout carries, as the stage call takes it (record-stage.ts). */
type StampDetails = {
  export_date?: string;
  customs_office?: string;
  customs_record_number?: string;
  refund_date?: string;
  paid_amount?: number;
  paid_method?: string;
};

export type DemoStamp = { taxFormId: number; stage: Stage; at: Date; details: StampDetails | null };

export const CANCEL_REASON = 'Gave up in a hurry';

const DAY = 86_400_000;

/** A cancelled demo form was cancelled an hour after its sale, or now if that is later than now. */
export const cancelledAt = (form: DemoForm) =>
  new Date(Math.min(form.soldAt.getTime() + 3_600_000, Date.now()));

/** The form's stages up to its own: one every three days after the sale, none later than now. */
export function demoStamps(form: DemoForm, taxFormId: number): DemoStamp[] {
  return STAGES.slice(0, STAGES.indexOf(form.stage) + 1).map((stage, k) => {
    const at = new Date(Math.min(form.soldAt.getTime() + k * 3 * DAY, Date.now()));
    const details: StampDetails | null =
      stage === 'FORM_VALIDATED'
        ? {
            export_date: isoDate(at),
            customs_office: CUSTOMS_OFFICES[form.i % CUSTOMS_OFFICES.length],
            customs_record_number: `${at.getUTCFullYear()}-${String(40_000 + form.i * 137).padStart(6, '0')}`,
          }
        : stage === 'FORM_REFUNDED'
          ? {
              refund_date: isoDate(at),
              paid_amount: centsToAmount(form.totals.vat),
              paid_method: REFUND_METHODS[form.i % 4],
            }
          : null;
    return { taxFormId, stage, at, details };
  });
}

/**
 * The audit trail the portal would have written for the demo forms: each issued by the seeding
 * user, stamped and paid by the operator, and the cancelled ones cancelled by the user, with the details the use-cases record (issue-tax-form.ts, record-stage.ts,
 * cancel-tax-form.ts).
 */
export function demoAudit(seed: {
  companyId: number;
  userId: number;
  forms: DemoForm[];
  formId: Map<string, number>;
  stamps: DemoStamp[];
}) {
  const { companyId, userId, forms, formId, stamps } = seed;
  const barcodeOf = new Map(forms.map((f) => [formId.get(f.barcode)!, f.barcode]));
  const entry = (taxFormId: number) => ({
    companyId,
    entity: 'tax_form',
    entityId: String(taxFormId),
  });
  const issued = forms.map((f) => ({
    ...entry(formId.get(f.barcode)!),
    userId,
    action: 'form.issue',
    createdAt: f.soldAt,
    details: {
      barcode: f.barcode,
      gross: centsToAmount(f.totals.gross),
      refund: centsToAmount(f.totals.vat),
    },
  }));
  const staged = stamps
    .filter((s) => s.stage !== STAGES[0])
    .map((s) => ({
      ...entry(s.taxFormId),
      userId: null,
      action: 'form.stage',
      createdAt: s.at,
      details: {
        barcode: barcodeOf.get(s.taxFormId),
        from: STAGES[STAGES.indexOf(s.stage) - 1],
        to: s.stage,
        source: 'operator',
        ...s.details,
      },
    }));
  const cancelled = forms
    .filter((f) => f.cancelled)
    .map((f) => ({
      ...entry(formId.get(f.barcode)!),
      userId,
      action: 'form.cancel',
      createdAt: cancelledAt(f),
      details: { barcode: f.barcode, reason: CANCEL_REASON },
    }));
  return [...issued, ...staged, ...cancelled];
}
