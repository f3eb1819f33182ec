import { Badge, Text } from '@mantine/core';
import type { StaffUser } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useShopDateTime } from '@/hooks/use-shop-date-time';
import classes from './staff.module.css';

/** A badge whose word is never cut (`MANAG…`), whatever the column's width. */
const WHOLE_WORD = { root: classes.wholeBadge, label: classes.wholeBadgeLabel };

/** The user's role as a badge: managers stand out from clerks. */
export function RoleBadge({ role }: { role: StaffUser['role'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={role === 'manager' ? 'grape' : 'blue'} classNames={WHOLE_WORD}>
      {t(`staff.roles.${role}`)}
    </Badge>
  );
}

/**
 * Active, or deactivated (may not sign in); a first password still to change, or an invitation
 * not taken up yet, is said too.
 */
export function StatusBadge({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="dot" color={user.active ? 'teal' : 'gray'} classNames={WHOLE_WORD}>
        {user.active ? t('staff.status.active') : t('staff.status.inactive')}
      </Badge>
      {user.active && user.must_change_password && (
        <Text size="xs" c="dimmed">
          {t('staff.status.firstPassword')}
        </Text>
      )}
      {user.active && user.password_pending && (
        <Text size="xs" c="dimmed">
          {t('staff.status.invited')}
        </Text>
      )}
    </>
  );
}

/** The last sign-in in the interface language (day and time), or "Never". */
export function LastSignIn({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const formatDateTime = useShopDateTime();
  // `t` in the hook re-renders this on a change of language, which formatDateTime follows.
  return <>{user.last_sign_in ? formatDateTime(user.last_sign_in) : t('staff.neverSignedIn')}</>;
}

/** The user's name, marked when it is the signed-in manager's own. */
export function UserName({ user, isSelf }: { user: StaffUser; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {user.name}
      {isSelf && (
        <Text span size="xs" c="dimmed" ml={6}>
          ({t('staff.you')})
        </Text>
      )}
    </>
  );
}
