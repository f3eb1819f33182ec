import { Button, Drawer, Skeleton, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconPlus } from '@/components/icons';
import { useApiKeys } from '../api/api-keys';
import classes from './integrations.module.css';
import { KeysTable } from './keys-table';
import { NewKeyPanel } from './new-key-panel';

type KeysSectionProps = { companyId: string; branchId: string };

/** The tills' API keys in force, and New key. */
export function KeysSection({ companyId, branchId }: KeysSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const keys = useApiKeys(companyId);
  const [isCreating, setIsCreating] = useState(false);

  return (
    <section aria-labelledby={titleId} aria-busy={keys.isPending}>
      <div className={classes.sectionHeader}>
        <div>
          <Title id={titleId} order={2} size="h3">
            {t('integrations.keys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.keys.intro')}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setIsCreating(true)}
        >
          {t('integrations.keys.create')}
        </Button>
      </div>
      {keys.isError ? (
        <FormAlert title={t('integrations.keys.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void keys.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : !keys.data ? (
        <Skeleton height={96} />
      ) : keys.data.length === 0 ? (
        <Text c="dimmed">{t('integrations.keys.empty')}</Text>
      ) : (
        <KeysTable companyId={companyId} keys={keys.data} />
      )}
      <Drawer
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        position="right"
        size="md"
        title={t('integrations.keys.createTitle')}
        classNames={{ title: classes.drawerTitle }}
      >
        {isCreating && (
          <NewKeyPanel
            companyId={companyId}
            branchId={branchId}
            onDone={() => setIsCreating(false)}
          />
        )}
      </Drawer>
    </section>
  );
}
