import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LastSignIn, RoleBadge, StatusBadge, UserName } from './staff-cells';
import type { StaffListProps } from './staff-table';
import { UserActions } from './user-actions';
import cards from '@/components/card-list.module.css';

/** The users on a phone: a compact card each, named after the user. */
export function StaffCards({ users, selfId, onAction }: StaffListProps) {
  const { t } = useTranslation();
  return (
    <ul className={cards.cards} aria-label={t('staff.users.list')}>
      {users.map((user) => (
        <li key={user.user_id}>
          <Paper component="article" withBorder radius="md" p="sm" aria-label={user.name}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600}>
                <UserName user={user} isSelf={user.user_id === selfId} />
              </Text>
              <RoleBadge role={user.role} />
            </Group>
            <dl className={cards.details}>
              <dt>{t('staff.columns.username')}</dt>
              <dd>{user.username}</dd>
              <dt>{t('staff.columns.branch')}</dt>
              <dd>{user.branch_name}</dd>
              <dt>{t('staff.columns.lastSignIn')}</dt>
              <dd>
                <LastSignIn user={user} />
              </dd>
              <dt>{t('staff.columns.status')}</dt>
              <dd>
                <StatusBadge user={user} />
              </dd>
            </dl>
            <UserActions user={user} isSelf={user.user_id === selfId} onAction={onAction} />
          </Paper>
        </li>
      ))}
    </ul>
  );
}
