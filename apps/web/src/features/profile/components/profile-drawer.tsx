import { Drawer, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUrlParams } from '@/hooks/use-url-params';
import type { Session } from '@/lib/session';
import { PasswordTab } from './password-tab';
import { ProfileTab } from './profile-tab';

const TAB_PARAM = 'tab';
const PASSWORD_TAB = 'password';
type ProfileTabName = 'profile' | typeof PASSWORD_TAB;

type ProfileDrawerProps = {
  session: Session;
  opened: boolean;
  onClose: () => void;
  /** Once the panel has slid out. */
  onClosed?: () => void;
};

/**
 * The Profile panel (SPEC 2): two tabs, Profile and Change Password. The open tab is kept in the
 * URL (`/profile?tab=password`), so it can be linked to and survives a reload.
 */
export function ProfileDrawer({ session, opened, onClose, onClosed }: ProfileDrawerProps) {
  const { t } = useTranslation();
  const [params, updateParams] = useUrlParams();
  const tab: ProfileTabName = params.get(TAB_PARAM) === PASSWORD_TAB ? PASSWORD_TAB : 'profile';

  const selectTab = (value: string | null) =>
    updateParams(
      (updated) => {
        if (value === PASSWORD_TAB) updated.set(TAB_PARAM, PASSWORD_TAB);
        else updated.delete(TAB_PARAM);
      },
      { replace: true },
    );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      position="right"
      size="md"
      title={t('profile.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="profile">{t('profile.tabs.profile')}</Tabs.Tab>
          <Tabs.Tab value={PASSWORD_TAB}>{t('profile.tabs.password')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab session={session} onSaved={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value={PASSWORD_TAB}>
          <PasswordTab session={session} onSaved={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
