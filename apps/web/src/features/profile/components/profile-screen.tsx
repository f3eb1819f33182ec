import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useLeavePanelRoute } from '@/hooks/use-leave-panel-route';
import { useSession } from '@/hooks/use-session';
import { ProfileDrawer } from './profile-drawer';

/** `/profile` (SPEC 2): the route is its side panel; closing the panel leaves the route. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const leave = useLeavePanelRoute();
  return (
    <>
      <PageTitle>{t('pages.profile')}</PageTitle>
      {session && <ProfileDrawer session={session} opened onClose={leave} />}
    </>
  );
}
