import {
  isFormStage,
  nextStage,
  STAGE_REFUSAL_ERRORS,
  stepJudgedAsOf,
  type TaxFormListItem,
} from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useSession } from '@/hooks/use-session';
import { shopToday } from '@/lib/shop-day';
import { STAGE_PANELS, type RecordedStage } from './tax-form-panel';

type SteppedForm = Pick<TaxFormListItem, 'status' | 'cancelled' | 'export_deadline'>;

/** Why a step cannot be recorded on a form now; `other` when the form's next step is another one. */
export type StepBlock =
  { reason: 'cancelled' | 'unknownStage' | 'paid' } | { reason: 'other'; next: RecordedStage };

const stateOf = (form: SteppedForm) => ({
  stage: form.status,
  cancelled: form.cancelled === '1',
  exportDeadline: form.export_deadline,
});

/**
 * The one stage that may be recorded on the form now, or null (cancelled or paid out). A form
 * whose export deadline passed still takes its customs validation, for goods that left in time:
 * the server judges the window as of the stamp's date of export (docs/decisions/018), and the
 * panel bounds that date by the deadline, so the check takes the latest date the panel accepts.
 */
export function nextStep(form: SteppedForm, today: string): RecordedStage | null {
  const latestValidation = { stage: 'FORM_VALIDATED', export_date: form.export_deadline };
  const next = nextStage(stateOf(form), stepJudgedAsOf(latestValidation, today));
  return next === 'FORM_SUBMITTED' ? null : next;
}

/**
 * Whether `wanted` (or, when null, any step) may be recorded on the form now, as the server's
 * `stageRefusal` would answer, told in the clerk's words before anything is sent.
 */
export function stepBlock(
  form: SteppedForm,
  wanted: RecordedStage | null,
  today: string,
): StepBlock | null {
  if (form.cancelled === '1') return { reason: 'cancelled' };
  if (!isFormStage(form.status)) return { reason: 'unknownStage' };
  const next = nextStep(form, today);
  if (next === null) return { reason: 'paid' };
  return wanted !== null && wanted !== next ? { reason: 'other', next } : null;
}

/** The shop's today, for the checks of the browser. */
export function useShopToday(): string {
  const session = useSession();
  return shopToday(session?.country ?? '');
}

/** Why nothing (or not this step) can be recorded on the form, in the user's language. */
export function StepBlockNote({ block }: { block: StepBlock }) {
  const { t } = useTranslation();
  const message = (() => {
    switch (block.reason) {
      case 'paid':
        return t('formActions.record.paid');
      case 'other':
        return t('formActions.record.otherStep', {
          step: t(`refundForms.actions.${STAGE_PANELS[block.next]}`),
        });
      default:
        return t(`errors.${STAGE_REFUSAL_ERRORS[block.reason]}`, { ns: 'server' });
    }
  })();
  return <FormAlert>{message}</FormAlert>;
}
