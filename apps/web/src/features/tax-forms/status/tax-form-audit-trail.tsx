import { Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useSession } from '@/hooks/use-session';
import { useCurrency } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import { shopTimeZone } from '@/lib/shop-day';
import { useFormAudit } from '../api/tax-form-audit';
import { auditEntryAuthor, auditEntryText, formatShopTime } from './audit-entry-text';
import classes from '../tax-forms.module.css';

const TONE_COLORS = { default: 'blue', warning: 'orange', failure: 'red' } as const;

/**
 * The form's audit trail in the Form Status panel: who issued, edited, printed, e-mailed,
 * cancelled it and moved it through its stages, and when (on the shop's clock), oldest first.
 */
export function FormAuditTrail({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const audit = useFormAudit(session, formId);
  const shopCurrency = useCurrency(session);
  const currency = shopCurrency.data ?? '';
  // The amounts wait for their currency, so that none is drawn without it first.
  const entries = shopCurrency.isPending ? undefined : audit.data;
  const timeZone = shopTimeZone(session?.country ?? '');

  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="form-audit-title">
      <Title order={3} size="h5" id="form-audit-title">
        {t('auditTrail.title')}
      </Title>
      {!entries && !audit.isError && <Loader size="sm" aria-label={t('app.loading')} />}
      {audit.isError && (
        <FormAlert title={t('auditTrail.failed')}>{errorMessage(audit.error)}</FormAlert>
      )}
      {entries && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('auditTrail.empty')}
        </Text>
      )}
      {entries && entries.length > 0 && (
        <Timeline
          // A traveller's long e-mail address in an entry wraps rather than widen the panel.
          classNames={{ itemBody: classes.auditEntry }}
          bulletSize={12}
          lineWidth={2}
          active={entries.length - 1}
          data-testid="form-audit"
        >
          {entries.map((entry) => {
            const shown = auditEntryText(t, entry, currency);
            return (
              <Timeline.Item
                key={entry.id}
                color={TONE_COLORS[shown.tone]}
                title={shown.title}
                data-action={entry.action}
              >
                {shown.detail && (
                  <Text
                    size="sm"
                    c={shown.tone === 'default' ? undefined : TONE_COLORS[shown.tone]}
                  >
                    {shown.detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatShopTime(entry.at, timeZone)} · {auditEntryAuthor(t, entry)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
