import { dayIn, toCents, type FormStat, type StageStepContext } from '@taxfree/domain';
import { useSession } from '@/hooks/use-session';
import { useCurrency } from '@/lib/company-data';
import { shopTimeZone, shopToday } from '@/lib/shop-day';
import { useFormDetail, useFormStat, type FormDetail } from '../api/tax-form-actions';

/** The form a stage panel records on, and what its step is checked against. */
export type StageForm = { form: FormDetail; context: StageStepContext };

/** The latest entry of a stage in the form's history. */
function latest(stat: FormStat, stage: string) {
  return stat.stages.filter((entry) => entry.stage === stage).at(-1);
}

/**
 * The step's context as the server builds it (docs/decisions/018): the shop's today, the day the
 * form was issued (its first stage, in the shop's time zone), its export deadline, the export date
 * recorded with the validation, and its refund to the traveller, the most that may be paid.
 */
export function stageStepContext(
  form: FormDetail,
  stat: FormStat,
  { country, currency, now = new Date() }: { country: string; currency: string; now?: Date },
): StageStepContext {
  const today = shopToday(country, now);
  const issued = latest(stat, 'FORM_SUBMITTED')?.created_at;
  const issuedAt = issued ? new Date(issued) : null;
  const issueDay =
    issuedAt && !Number.isNaN(issuedAt.getTime())
      ? dayIn(shopTimeZone(country), issuedAt)
      : (form.date_of_sales ?? today);
  return {
    today,
    issueDay,
    exportDeadline: form.export_deadline,
    exportDate: latest(stat, 'FORM_VALIDATED')?.export_date ?? null,
    refund: toCents(form.customer_refund),
    currency,
  };
}

/** Loads the form, its history and the branch's currency while a stage panel is open. */
export function useStageForm(formId: number | null, opened: boolean) {
  const session = useSession();
  const tenant = opened ? session : null;
  const detail = useFormDetail(tenant, formId);
  const stat = useFormStat(tenant, formId);
  const currency = useCurrency(tenant);
  const data: StageForm | undefined =
    detail.data && stat.data && currency.data !== undefined
      ? {
          form: detail.data,
          context: stageStepContext(detail.data, stat.data, {
            country: session?.country ?? '',
            currency: currency.data,
          }),
        }
      : undefined;
  const error = detail.error ?? stat.error ?? currency.error;
  return { data, error, isPending: !data && !error };
}
