import { Box } from '@mantine/core';
import {
  REFUND_METHODS,
  type FormStageEntry,
  type FormStat,
  type RefundMethod,
} from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { useCurrency } from '@/lib/company-data';
import { formatAmount, formatDate } from '@/lib/format';
import { formatShopTime } from './audit-entry-text';

const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

/**
 * The latest moment the form reached `stage`, written as the history beneath the steps writes its
 * moments (`formatShopTime`): on the clock of the shop's `timeZone`, wherever the counter's computer
 * is; '' when none is listed.
 */
export function stageTime(stat: Pick<FormStat, 'stages'>, stage: string, timeZone: string): string {
  const latest = stat.stages
    .filter((entry) => entry.stage === stage)
    .map((entry) => new Date(entry.created_at))
    .filter((time) => !Number.isNaN(time.getTime()))
    .reduce<Date | null>((found, time) => (found && found > time ? found : time), null);
  return latest ? formatShopTime(latest.toISOString(), timeZone) : '';
}

/**
 * What was recorded with a stage, under it in the Form Status panel: the customs stamp's export
 * date, office and record number; the payout's amount, method and day; who recorded it. Nothing
 * for a stage an operator recorded before details were kept.
 */
export function StageDetails({ stat, stage }: { stat: Pick<FormStat, 'stages'>; stage: string }) {
  const { t } = useTranslation();
  const entry = stat.stages.filter((found) => found.stage === stage).at(-1);
  if (!entry) return null;
  return (
    <>
      <RecordedDetails entry={entry} />
      {entry.user_name ? (
        <Box component="span" display="block">
          {t('formActions.status.recordedBy', { name: entry.user_name })}
        </Box>
      ) : null}
    </>
  );
}

function RecordedDetails({ entry }: { entry: FormStageEntry }) {
  const { t } = useTranslation();
  const currency = useCurrency(useSession());
  if (entry.stage === 'FORM_VALIDATED' && entry.export_date) {
    return (
      <Box component="span" display="block">
        {t('formActions.status.customsStamp', {
          date: formatDate(entry.export_date),
          office: entry.customs_office ?? '',
          record: entry.customs_record_number ?? '',
        })}
      </Box>
    );
  }
  if (entry.stage === 'FORM_REFUNDED' && entry.paid_amount != null) {
    const method = entry.paid_method ?? '';
    return (
      <Box component="span" display="block">
        {t('formActions.status.payout', {
          amount: formatAmount(entry.paid_amount, currency.data ?? ''),
          method: isRefundMethod(method) ? t(`issueForm.refundMethods.${method}`) : method,
          date: formatDate(entry.refund_date),
        })}
      </Box>
    );
  }
  return null;
}
