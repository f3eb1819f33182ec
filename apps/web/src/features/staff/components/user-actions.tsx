import { Button, Group } from '@mantine/core';
import type { StaffUser } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';

export type UserAction = 'edit' | 'password' | 'toggleActive';

type UserActionsProps = {
  user: StaffUser;
  /** The signed-in manager's own row: no deactivating oneself out of the shop. */
  isSelf: boolean;
  onAction: (action: UserAction, user: StaffUser) => void;
};

/** What a manager does to one user: role or branch, a new first password, (de)activation. */
export function UserActions({ user, isSelf, onAction }: UserActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Button size="compact-sm" variant="light" onClick={() => onAction('edit', user)}>
        {t('staff.edit.button')}
      </Button>
      <Button size="compact-sm" variant="light" onClick={() => onAction('password', user)}>
        {t('staff.password.button')}
      </Button>
      {!isSelf && (
        <Button
          size="compact-sm"
          variant="light"
          color={user.active ? 'red' : 'teal'}
          onClick={() => onAction('toggleActive', user)}
        >
          {user.active ? t('staff.deactivate.button') : t('staff.reactivate.button')}
        </Button>
      )}
    </Group>
  );
}
