import { Paper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useReturnAfterSave } from '@/hooks/use-return-after-save';
import { useSession } from '@/hooks/use-session';
import { ProfileTabs } from './profile-tabs';

/**
 * `/profile` (SPEC 2): the user's own profile and password, a page of its own. Once saved, it goes
 * back to the screen the user came from; opened first in the tab, it stays, its form afresh (the
 * password's fields empty again).
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const returnAfterSave = useReturnAfterSave();
  const [round, setRound] = useState(0);
  const saved = () => {
    if (!returnAfterSave()) setRound((previous) => previous + 1);
  };

  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      {session && (
        <Paper withBorder radius="md" p="lg" maw={560}>
          <ProfileTabs key={round} session={session} onSaved={saved} />
        </Paper>
      )}
    </>
  );
}
