import { Table } from '@mantine/core';
import type { StaffUser } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { LastSignIn, RoleBadge, StatusBadge, UserName } from './staff-cells';
import { UserActions, type UserAction } from './user-actions';

export type StaffListProps = {
  users: StaffUser[];
  /** The signed-in manager's user id. */
  selfId: number;
  onAction: (action: UserAction, user: StaffUser) => void;
};

/** The users on a wide screen: one row each, their actions at the end. */
export function StaffTable({ users, selfId, onAction }: StaffListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped verticalSpacing="sm" aria-label={t('staff.users.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.columns.name')}</Table.Th>
            <Table.Th>{t('staff.columns.username')}</Table.Th>
            <Table.Th>{t('staff.columns.role')}</Table.Th>
            <Table.Th>{t('staff.columns.branch')}</Table.Th>
            <Table.Th>{t('staff.columns.lastSignIn')}</Table.Th>
            <Table.Th>{t('staff.columns.status')}</Table.Th>
            <Table.Th>{t('staff.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.user_id}>
              <Table.Td>
                <UserName user={user} isSelf={user.user_id === selfId} />
              </Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>{user.branch_name}</Table.Td>
              <Table.Td>
                <LastSignIn user={user} />
              </Table.Td>
              <Table.Td>
                <StatusBadge user={user} />
              </Table.Td>
              <Table.Td>
                <UserActions user={user} isSelf={user.user_id === selfId} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
