import { Alert, Text } from '@mantine/core';
import { formClaimDue, type FormStat } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { shopTimeZone } from '@/lib/shop-day';
import type { ExportWindow } from '../api/tax-form-actions';

/** The last day the goods may leave and, once it passed before customs validated the form, why. */
export function ExportWindowNote({ exportWindow }: { exportWindow: ExportWindow }) {
  const { t } = useTranslation();
  const deadline = formatDate(exportWindow.exportDeadline);
  if (!deadline) return null;
  return exportWindow.isExpired ? (
    <Alert color="orange" variant="light" mb="md" title={t('refundForms.expired')}>
      <Text size="sm" data-testid="export-deadline">
        {t('formActions.status.expiredDetail', { date: deadline })}
      </Text>
    </Alert>
  ) : (
    <Text size="sm" mb="md" data-testid="export-deadline">
      {t('formActions.status.exportDeadline', { date: deadline })}
    </Text>
  );
}

/**
 * Until the shop has the stamped form back, the last day the traveller may bring it, where the
 * country sets one (counted from the form's issue or its sale, as the country's window says).
 */
export function ClaimDueNote({
  stat,
  exportWindow,
}: {
  stat: FormStat;
  exportWindow: ExportWindow;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const issued = stat.stages.find((entry) => entry.stage === 'FORM_SUBMITTED');
  if (!issued) return null;
  const country = session?.country ?? '';
  const due = formClaimDue(country, {
    stage: stat.status,
    cancelled: stat.cancelled === '1',
    exportDeadline: exportWindow.exportDeadline,
    issuedAt: issued.created_at,
    dateOfSales: exportWindow.dateOfSales,
    timeZone: shopTimeZone(country),
  });
  if (!due) return null;
  return (
    <Text size="sm" mb="md" data-testid="claim-due">
      {t('formActions.status.claimDue', { date: formatDate(due) })}
    </Text>
  );
}
