import { Alert, Button, List, Text } from '@mantine/core';
import type { LegalIdentityField, LegalIdentityGap } from '@taxfree/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IconAlertCircle, IconBuildingStore } from '@/components/icons';

const PART_LABELS = {
  legal_name: 'shop.legalIdentity.legalName',
  legal_address: 'shop.legalIdentity.address',
  vat_number: 'shop.legalIdentity.vatNumber',
} as const satisfies Record<LegalIdentityField, string>;

type LegalIdentityNoticeProps = {
  gaps: readonly LegalIdentityGap[];
  /** Issue focuses the notice: it says why nothing was sent. */
  ref: Ref<HTMLDivElement>;
};

/**
 * Shown instead of issuing while the company's legal identity is incomplete: what is missing (or
 * not valid), and the way to the Shop information panel where it is filled in.
 */
export function LegalIdentityNotice({ gaps, ref }: LegalIdentityNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="red"
      variant="light"
      mb="lg"
      title={t('issueForm.legalIdentity.title')}
      icon={<IconAlertCircle aria-hidden />}
    >
      <Text size="sm">{t('issueForm.legalIdentity.text')}</Text>
      <List size="sm" mt="xs">
        {gaps.map((gap) => (
          <List.Item key={gap.field}>
            {gap.problem === 'invalid'
              ? t('issueForm.legalIdentity.vatNumberInvalid')
              : t(PART_LABELS[gap.field])}
          </List.Item>
        ))}
      </List>
      <Button
        component={Link}
        to="/shopUpdate"
        size="sm"
        mt="sm"
        leftSection={<IconBuildingStore aria-hidden size={18} />}
      >
        {t('issueForm.legalIdentity.open')}
      </Button>
    </Alert>
  );
}
