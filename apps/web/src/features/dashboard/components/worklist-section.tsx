import { Anchor, Group, Text } from '@mantine/core';
import type { WorklistItem, WorklistSection as Section } from '@taxfree/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import classes from './dashboard.module.css';
import { WorklistEntry } from './worklist-entry';

type WorklistSectionProps = {
  section: Section;
  count: number;
  items: WorklistItem[];
  currency: string;
  /** Of every branch: the count opens the list of all branches, each form its own branch. */
  allBranches?: boolean;
};

/**
 * Where a section's count leads: the refund form list under the filter of the same name
 * (`?stage=to_refund`), which holds exactly the forms counted, all of them, not only those shown;
 * for a worklist of every branch, the list of all branches under that filter.
 */
export const worklistSectionPath = (section: Section, allBranches = false) =>
  `${allBranches ? '/allBranches' : '/refundForms'}?${new URLSearchParams({ stage: section }).toString()}`;

/**
 * One part of the worklist: its count, a link to the list filtered to it, and its first few forms,
 * most urgent first, then, when there are more than those, a link to all of them.
 */
export function WorklistSection({
  section,
  count,
  items,
  currency,
  allBranches = false,
}: WorklistSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(`worklist.${section}`);
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text id={headingId} component="h3" size="sm" fw={700} c="dimmed" className={classes.label}>
          {title}
        </Text>
        <Anchor
          component={Link}
          to={worklistSectionPath(section, allBranches)}
          fz={28}
          fw={700}
          className={classes.value}
          aria-label={t('worklist.showInList', { section: title, total: count })}
        >
          {count}
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t(`worklist.empty_${section}`)}
        </Text>
      ) : (
        <ul className={classes.entries}>
          {items.map((item) => (
            <li key={item.id}>
              <WorklistEntry
                section={section}
                item={item}
                currency={currency}
                allBranches={allBranches}
              />
            </li>
          ))}
        </ul>
      )}
      {count > items.length && (
        <Anchor
          component={Link}
          to={worklistSectionPath(section, allBranches)}
          size="sm"
          fw={600}
          mt="xs"
          display="inline-block"
        >
          {t('dashboard.showAll', { total: count })}
        </Anchor>
      )}
    </section>
  );
}
