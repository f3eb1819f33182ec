import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUrlParams } from '@/hooks/use-url-params';
import type { Session } from '@/lib/session';
import { PasswordTab } from './password-tab';
import { ProfileTab } from './profile-tab';

const TAB_PARAM = 'tab';
const PASSWORD_TAB = 'password';
type ProfileTabName = 'profile' | typeof PASSWORD_TAB;

type ProfileTabsProps = { session: Session; onSaved: () => void };

/**
 * The two tabs of SPEC 2, Profile and Change Password. The open tab is kept in the URL
 * (`/profile?tab=password`), so it can be linked to and survives a reload; switching tabs
 * replaces the entry, so Back leaves the page rather than stepping through its tabs.
 */
export function ProfileTabs({ session, onSaved }: ProfileTabsProps) {
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
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="profile">{t('profile.tabs.profile')}</Tabs.Tab>
        <Tabs.Tab value={PASSWORD_TAB}>{t('profile.tabs.password')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <ProfileTab session={session} onSaved={onSaved} />
      </Tabs.Panel>
      <Tabs.Panel value={PASSWORD_TAB}>
        <PasswordTab session={session} onSaved={onSaved} />
      </Tabs.Panel>
    </Tabs>
  );
}
