import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { useMay, useSession } from '@/hooks/use-session';
import { KeysSection } from './keys-section';
import { WebhooksSection } from './webhooks-section';

/**
 * `/integrations`: a manager's keys for the shop's tills (create, shown once; revoke), and the
 * webhooks that tell the shop's systems of its forms (add, test, rotate, delete, the delivery
 * log). A clerk is told the screen is a manager's.
 */
export function IntegrationsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const mayIntegrate = useMay('integrations');

  return (
    <>
      <PageTitle>{t('pages.integrations')}</PageTitle>
      {!session || !mayIntegrate ? (
        <FormAlert title={t('integrations.notAllowed.title')}>
          {t('integrations.notAllowed.message')}
        </FormAlert>
      ) : (
        <Stack gap={48}>
          <KeysSection companyId={session.companyId} branchId={session.branchId} />
          <WebhooksSection companyId={session.companyId} />
        </Stack>
      )}
    </>
  );
}
