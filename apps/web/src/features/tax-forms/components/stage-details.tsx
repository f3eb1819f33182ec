import { Box } from '@mantine/core';
import { REFUND_METHODS, type FormStat, type RefundMethod } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { useCurrency } from '@/lib/company-data';
import { formatAmount, formatDate } from '@/lib/format';

const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

/**
 * What was recorded with a stage, under it in the Form Status panel: the customs stamp's export
 * date, office and record number; the payout's amount, method and day. Nothing for a stage an
 * operator recorded before details were kept.
 */
export function StageDetails({ stat, stage }: { stat: Pick<FormStat, 'stages'>; stage: string }) {
  const { t } = useTranslation();
  const currency = useCurrency(useSession());
  const entry = stat.stages.filter((found) => found.stage === stage).at(-1);
  if (entry?.stage === 'FORM_VALIDATED' && entry.export_date) {
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
  if (entry?.stage === 'FORM_REFUNDED' && entry.paid_amount != null) {
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
