import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBuildingStore, IconChevronDown, IconLogout, IconUserEdit } from '@/components/icons';
import { useCurrentUser, userPicture } from '@/lib/current-user';
import { avatarUrl } from '@/lib/images';
import { logout } from '@/lib/logout';
import type { Session } from '@/lib/session';
import classes from './top-nav.module.css';

/**
 * Welcome, the user's name and picture; Edit Profile, the shop's information and Logout. The
 * name and picture are the server's once it has answered, what the login stored until then.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser(session);
  const name = user?.name || session.name || session.username;
  const image = user ? userPicture(user) : session.image;
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The panel an item opens notes the focused element, and returns the focus there on closing:
  // the menu's button, not the item, which is gone by then.
  const focusButton = () => buttonRef.current?.focus();

  return (
    // Drawn inside the page header, so the open menu stays within the banner landmark.
    <Menu
      position="bottom-end"
      shadow="md"
      width={220}
      withInitialFocusPlaceholder={false}
      withinPortal={false}
    >
      <Menu.Target>
        <UnstyledButton
          ref={buttonRef}
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
          onClick={focusButton}
          leftSection={<IconUserEdit size={16} aria-hidden />}
        >
          {t('user.editProfile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/shopUpdate"
          onClick={focusButton}
          leftSection={<IconBuildingStore size={16} aria-hidden />}
        >
          {t('pages.shopUpdate')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
