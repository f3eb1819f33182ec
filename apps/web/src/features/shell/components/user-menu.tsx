import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IconChevronDown, IconLogout, IconUserEdit } from '@/components/icons';
import { useCurrentUser, userPicture } from '@/lib/current-user';
import { avatarUrl } from './images';
import { logout } from '../api/logout';
import type { Session } from '@/lib/session';
import { BranchMenuItems } from './branch-switch';
import classes from './top-nav.module.css';

/**
 * Welcome, the user's name and picture; Edit Profile and Logout (SPEC 2; the shop's information is
 * in the bar beside it). The name and picture are the server's once it has answered, what the
 * login stored until then.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser(session);
  const name = user?.name || session.name || session.username;
  const image = user ? userPicture(user) : session.image;
  // From 64em the links are in the bar, and the branch switch only from 80em (top-nav.module.css).
  const isMiddleWidth = useMediaQuery('(min-width: 64em) and (max-width: 79.99em)');

  return (
    // Drawn inside the page header, so the open menu stays within the banner landmark.
    <Menu
      position="bottom-end"
      shadow="md"
      width={220}
      withInitialFocusPlaceholder={false}
      withinPortal={false}
      // An item opens another screen: the focus stays on this button, not lost with the item.
      returnFocus
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          // Begins with the words it shows, so a user who says what they see reaches it by voice.
          aria-label={`${t('user.welcome')} ${name}, ${t('user.menu')}`}
        >
          <Avatar src={avatarUrl(image)} alt="" radius="xl" size={36} />
          <span className={classes.userText}>
            <Text component="span" size="xs" c="dimmed">
              {t('user.welcome')}
            </Text>{' '}
            <Text component="span" size="sm" fw={600}>
              {name}
            </Text>
          </span>
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/profile"
          leftSection={<IconUserEdit size={16} aria-hidden />}
        >
          {t('user.editProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('user.logout')}
        </Menu.Item>
        {/* Where the bar has no room for the branch switch, its choice is here. */}
        {isMiddleWidth && <BranchMenuItems />}
      </Menu.Dropdown>
    </Menu>
  );
}
