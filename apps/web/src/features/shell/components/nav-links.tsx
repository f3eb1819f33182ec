import { Menu, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { IconChevronDown } from '@/components/icons';
import { isNavGroup, useNavEntries, type NavGroup, type NavPage } from './nav-entries';
import classes from './top-nav.module.css';

const currentMark = (page: NavPage) => (page.isCurrent ? 'page' : undefined);

/** A group of the wide bar: a button opening its screens; it looks current while one of them is. */
function NavMenu({ group }: { group: NavGroup }) {
  return (
    // Drawn inside the navigation, so the open menu stays within its landmark.
    // A choice opens another screen: the focus comes back to this button, not lost with the item.
    <Menu
      position="bottom-start"
      shadow="md"
      withinPortal={false}
      returnFocus
      // A focus placeholder inside the menu would be a child that is no menu item.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.link}
          data-active={group.pages.some((page) => page.isCurrent) || undefined}
        >
          {group.label}
          <IconChevronDown size={14} aria-hidden className={classes.chevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {group.pages.map((page) => (
          <Menu.Item
            key={page.to}
            component={Link}
            to={page.to}
            aria-current={currentMark(page)}
            className={classes.menuLink}
          >
            {page.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The wide bar's links and menus; the shown screen is marked `aria-current="page"`. */
export function NavLinks() {
  return useNavEntries().map((entry) =>
    isNavGroup(entry) ? (
      <NavMenu key={entry.label} group={entry} />
    ) : (
      <Link key={entry.to} to={entry.to} className={classes.link} aria-current={currentMark(entry)}>
        {entry.label}
      </Link>
    ),
  );
}

type FoldedProps = { onNavigate: () => void };

function FoldedLink({ page, onNavigate }: FoldedProps & { page: NavPage }) {
  return (
    <Link
      to={page.to}
      className={classes.link}
      aria-current={currentMark(page)}
      onClick={onNavigate}
    >
      {page.label}
    </Link>
  );
}

function FoldedGroup({ group, onNavigate }: FoldedProps & { group: NavGroup }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={classes.group}>
      <span id={labelId} className={classes.groupLabel}>
        {group.label}
      </span>
      {group.pages.map((page) => (
        <FoldedLink key={page.to} page={page} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

/** Every screen at once for the folded bar, a group under its name; a choice folds the bar. */
export function FoldedNavLinks({ onNavigate }: FoldedProps) {
  return useNavEntries().map((entry) =>
    isNavGroup(entry) ? (
      <FoldedGroup key={entry.label} group={entry} onNavigate={onNavigate} />
    ) : (
      <FoldedLink key={entry.to} page={entry} onNavigate={onNavigate} />
    ),
  );
}
