import { Button, Group, Paper, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { WORKLIST_FILTERS } from '@taxfree/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SegmentedChoice } from '@/components/segmented-choice';
import { useMay, useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useWorklist } from '../api/worklist';
import classes from './dashboard.module.css';
import { WorklistSection } from './worklist-section';

/** Placeholders of the three sections while the worklist loads. */
function WorklistSkeleton() {
  return WORKLIST_FILTERS.map((section) => (
    <div key={section} data-testid="worklist-skeleton">
      <Skeleton height={28} width="60%" mb="sm" />
      <Skeleton height={44} mb="xs" />
      <Skeleton height={44} />
    </div>
  ));
}

/**
 * Home's worklist, beside the counters: the forms to refund, the export windows closing and the
 * forms expired this month. Each count opens the list filtered to it; each form opens that form.
 * A manager may see it for every branch, each form named with its branch.
 */
export function WorklistCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const mayRunBranches = useMay('allBranches');
  const [scope, setScope] = useState<'branch' | 'all'>('branch');
  const allBranches = mayRunBranches && scope === 'all';
  const worklist = useWorklist(session, allBranches);

  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      radius="md"
      className={classes.worklist}
      aria-labelledby={titleId}
      aria-busy={worklist.isPending}
    >
      <Group justify="space-between" align="center" mb="md" gap="xs">
        <Title id={titleId} order={2} size="h4">
          {t('worklist.title')}
        </Title>
        {mayRunBranches && (
          <SegmentedChoice
            label={t('worklist.scopeLabel')}
            value={scope}
            onChange={setScope}
            options={[
              { value: 'branch', label: t('worklist.thisBranch') },
              { value: 'all', label: t('worklist.allBranches') },
            ]}
          />
        )}
      </Group>
      {worklist.isError ? (
        <FormAlert>
          {errorMessage(worklist.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void worklist.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {worklist.data ? (
            WORKLIST_FILTERS.map((section) => (
              <WorklistSection
                key={section}
                section={section}
                count={worklist.data[section].count}
                items={worklist.data[section].items}
                currency={worklist.data.currency}
                allBranches={allBranches}
              />
            ))
          ) : (
            <WorklistSkeleton />
          )}
        </SimpleGrid>
      )}
    </Paper>
  );
}
