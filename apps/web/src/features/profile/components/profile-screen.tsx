import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { usePanelRoute } from '@/hooks/use-panel-route';
import { useSession } from '@/hooks/use-session';
import { ProfileDrawer } from './profile-drawer';

/** `/profile` (SPEC 2): the route is its side panel; closing the panel leaves the route, and gives
 * the focus back to what opened it. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const panel = usePanelRoute();
  return (
    <>
      <PageTitle>{t('pages.profile')}</PageTitle>
      {session && (
        <ProfileDrawer
          session={session}
          opened={panel.opened}
          onClose={panel.close}
          onClosed={panel.onClosed}
        />
      )}
    </>
  );
}
