import { Alert, Button, Divider, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { amountToCents, formatMoney, type PublicFormStatus } from '@taxfree/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconBuildingStore } from '@/components/icons';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { FormStatusSteps } from './form-status-steps';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="md" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** Where the form stands, what happens next, and the refund: what the traveller came for. */
export function FormStatusResult({
  status,
  onAnother,
}: {
  status: PublicFormStatus;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  // As the traveller's printed form and e-mails write it: 27,60 EUR.
  const money = (amount: number) => formatMoney(amountToCents(amount), language, status.currency);
  const deadline = formatDate(status.export_deadline);
  const isStopped = status.cancelled || status.expired;
  // Until the shop has it back, the traveller is told by when to bring the stamped form (the
  // server's claim_due is null once the shop no longer waits for it).
  const claimDue = formatDate(status.claim_due);

  return (
    <Stack gap="md" data-testid="form-status">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('publicStatus.formNumber')}
        </Text>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {status.barcode}
        </Title>
        <Group gap={6} wrap="nowrap">
          <IconBuildingStore size={18} aria-hidden />
          <Text size="sm">
            <VisuallyHidden>{t('publicStatus.shop')} </VisuallyHidden>
            {status.shop_name}
          </Text>
        </Group>
      </Stack>

      {status.cancelled && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
          {t('publicStatus.cancelled')}
        </Alert>
      )}
      {!status.cancelled && status.expired && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
          {t('publicStatus.expired', { date: deadline })}
        </Alert>
      )}
      {!isStopped && (
        <Alert color="teal" variant="light" role="status" data-testid="form-status-current">
          <Text fw={700}>{t(`publicStatus.stages.${status.stage}`)}</Text>
          <Text size="sm">{t(`publicStatus.next.${status.stage}`, { date: deadline })}</Text>
        </Alert>
      )}

      {/* A cancelled form goes nowhere: no steps ahead, no deadline, no refund to wait for. */}
      {!status.cancelled && <FormStatusSteps status={status} />}

      <Divider />
      <Stack gap="xs">
        {deadline && !status.cancelled && (
          <Fact label={t('publicStatus.exportDeadline')}>{deadline}</Fact>
        )}
        {claimDue && !isStopped && <Fact label={t('publicStatus.claimDue')}>{claimDue}</Fact>}
        {!isStopped && (
          <Fact label={t('publicStatus.refund')}>
            <span data-testid="form-status-refund">{money(status.customer_refund)}</span>
          </Fact>
        )}
        {status.paid_amount !== null && (
          <Fact label={t('publicStatus.paid')}>{money(status.paid_amount)}</Fact>
        )}
      </Stack>

      <Button variant="default" fullWidth onClick={onAnother}>
        {t('publicStatus.another')}
      </Button>
    </Stack>
  );
}
