import { Button, Skeleton, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StaffUser } from '@taxfree/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconPlus } from '@/components/icons';
import type { Session } from '@/lib/session';
import { useStaff } from '../api/staff';
import { AddUserDrawer } from './add-user-drawer';
import { ChangeUserModal } from './change-user-modal';
import { NewPasswordModal } from './new-password-modal';
import { StaffCards } from './staff-cards';
import { StaffTable } from './staff-table';
import { useToggleActive } from './use-toggle-active';
import type { UserAction } from './user-actions';
import classes from './staff.module.css';

/** Below this width (Mantine's `md`) the users show as cards instead of a table. */
const NARROW_QUERY = '(max-width: 61.99em)';

/** The company's users, with Add a user and each user's actions. */
export function UsersSection({ session }: { session: Session }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { companyId } = session;
  const users = useStaff(companyId, true);
  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [givingPassword, setGivingPassword] = useState<StaffUser | null>(null);
  const toggleActive = useToggleActive(companyId);
  const selfId = Number(session.userId);

  const onAction = (action: UserAction, user: StaffUser) => {
    if (action === 'edit') setEditing(user);
    else if (action === 'password') setGivingPassword(user);
    else void toggleActive(user);
  };
  const List = isNarrow ? StaffCards : StaffTable;

  return (
    <section aria-labelledby={titleId} aria-busy={users.isPending}>
      <div className={classes.sectionHeader}>
        <Title id={titleId} order={2} size="h3">
          {t('staff.users.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
          {t('staff.users.add')}
        </Button>
      </div>
      {users.isError ? (
        <FormAlert title={t('staff.users.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void users.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : !users.data ? (
        <Skeleton height={160} />
      ) : users.data.length === 0 ? (
        <Text c="dimmed">{t('staff.users.empty')}</Text>
      ) : (
        <List users={users.data} selfId={selfId} onAction={onAction} />
      )}
      <AddUserDrawer
        opened={isAdding}
        companyId={companyId}
        branchId={session.branchId}
        onClose={() => setIsAdding(false)}
      />
      <ChangeUserModal
        companyId={companyId}
        user={editing}
        isSelf={editing?.user_id === selfId}
        onClose={() => setEditing(null)}
      />
      <NewPasswordModal
        companyId={companyId}
        user={givingPassword}
        onClose={() => setGivingPassword(null)}
      />
    </section>
  );
}
