import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { ProfileForm } from './profile-form';

type ProfileTabProps = { session: Session; onSaved: () => void };

/** The Profile tab: the user as the server has it, then the form (SPEC 2 "Profile panel"). */
export function ProfileTab({ session, onSaved }: ProfileTabProps) {
  const { t } = useTranslation();
  const user = useCurrentUser(session);

  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <Stack>
        <FormAlert title={t('profile.loadFailed')}>{errorMessage(user.error)}</FormAlert>
        <Button variant="default" onClick={() => void user.refetch()} loading={user.isFetching}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  }
  return <ProfileForm session={session} user={user.data} onSaved={onSaved} />;
}
