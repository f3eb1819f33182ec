import { Group, Text, UnstyledButton } from '@mantine/core';
import type { FormStage, WorklistItem, WorklistSection } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '@/hooks/use-session';
import { useSwitchBranch } from '@/hooks/use-switch-branch';
import { formatAmount, formatDate } from '@/lib/format';
import classes from './dashboard.module.css';

/** Two days or fewer (or past) is shown as a warning. */
export const WARNING_DAYS = 2;

type WorklistEntryProps = {
  section: WorklistSection;
  item: WorklistItem;
  currency: string;
  /** A worklist of every branch names each form's branch and opens the form in it. */
  allBranches?: boolean;
};

/** When the entry is due, in words: the days left, the last day, the days overdue, or the deadline. */
function DueText({ section, item }: Pick<WorklistEntryProps, 'section' | 'item'>) {
  const { t } = useTranslation();
  const days = item.days_left;
  if (section === 'expired_this_month') {
    return (
      <Text size="xs" c="dimmed">
        {t('worklist.deadline', { date: formatDate(item.export_deadline) })}
      </Text>
    );
  }
  // Validated, and the shop waits for the stamped form: the day it is due back, where one is set.
  if (days === null && item.status === 'FORM_VALIDATED' && item.claim_due) {
    return (
      <Text size="xs" c="dimmed">
        {t('worklist.dueBack', { date: formatDate(item.claim_due) })}
      </Text>
    );
  }
  // A form to refund where the country sets no payout deadline: its stage says where it is.
  if (days === null) {
    return (
      <Text size="xs" c="dimmed">
        {t(`stages.${item.status as FormStage}`)}
      </Text>
    );
  }
  const text =
    days < 0
      ? t('worklist.overdue', { count: -days })
      : days === 0
        ? t('worklist.lastDay')
        : t('worklist.daysLeft', { count: days });
  const isUrgent = days <= WARNING_DAYS;
  return (
    <Text size="xs" c={isUrgent ? 'red.8' : 'dimmed'} fw={isUrgent ? 700 : 400}>
      {text}
    </Text>
  );
}

/**
 * Where an entry leads: the form's own Form Status panel (its stages, dates and audit trail), read
 * by the form's id, over the refund form list narrowed to that form (a whole barcode finds exactly
 * its form), so that closing the panel leaves the form's row with its actions.
 */
export function worklistEntryPath(item: Pick<WorklistItem, 'id' | 'barcode'>): string {
  const params = new URLSearchParams({
    search: item.barcode,
    form: String(item.id),
    panel: 'status',
  });
  return `/refundForms?${params.toString()}`;
}

/** One form of the worklist: it opens that form, in its own branch. */
export function WorklistEntry({ section, item, currency, allBranches }: WorklistEntryProps) {
  const session = useSession();
  const moveTo = useSwitchBranch();
  const elsewhere = String(item.retailer_branch_id) !== session?.branchId;
  // A form is worked on in its own branch: the switch happens before the link is followed.
  const onClick = elsewhere
    ? () => moveTo({ id: item.retailer_branch_id, name: item.branch_name })
    : undefined;
  return (
    <UnstyledButton
      component={Link}
      to={worklistEntryPath(item)}
      onClick={onClick}
      className={classes.entry}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text size="sm" fw={600} ff="monospace">
            {item.barcode}
          </Text>
          <Text size="sm">
            {item.traveler_name} {item.traveler_surname}
          </Text>
          {allBranches && (
            <Text size="xs" c="dimmed">
              {item.branch_name}
            </Text>
          )}
        </div>
        <div className={classes.entryEnd}>
          <Text size="sm" fw={600} className={classes.entryAmount}>
            {formatAmount(item.customer_refund, currency)}
          </Text>
          <DueText section={section} item={item} />
        </div>
      </Group>
    </UnstyledButton>
  );
}
