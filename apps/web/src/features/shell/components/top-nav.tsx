import { Burger, Button, Collapse, Container } from '@mantine/core';
import { useClickOutside, useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSelect } from '@/components/language-select';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useSession } from '@/hooks/use-session';
import { useBranchOfOtherTabs } from '@/hooks/use-switch-branch';
import { BranchSwitch } from './branch-switch';
import { FoldedNavLinks, NavLinks } from './nav-links';
import classes from './top-nav.module.css';
import { UserMenu } from './user-menu';

/**
 * Brand, the links and menus to every screen, a manager's branch, language, user menu; below 64em (1024 px) the
 * links fold into a burger, which closes on a choice, on a click elsewhere or on Escape (the focus
 * then back on the burger).
 */
export function TopNav() {
  const { t } = useTranslation();
  const session = useSession();
  useBranchOfOtherTabs();
  const [isOpen, { toggle, close }] = useDisclosure(false);
  // The folded bar is drawn from its first opening on: a wide screen never shows it, and a narrow
  // one has the page to draw first.
  const hasOpened = useOnceTrue(isOpen);
  const headerRef = useClickOutside<HTMLElement>(close);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const mobileNavId = useId();
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen || event.defaultPrevented) return;
    close();
    burgerRef.current?.focus();
  });

  return (
    <header ref={headerRef} className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link to="/" className={classes.brand}>
          {t('app.name')}
        </Link>
        {session && (
          <nav aria-label={t('nav.main')} className={classes.desktopNav}>
            <NavLinks />
          </nav>
        )}
        <div className={classes.actions}>
          {session && (
            <div className={classes.branchWide}>
              <BranchSwitch />
            </div>
          )}
          <div className={session ? classes.wideOnly : undefined}>
            <LanguageSelect isInBar />
          </div>
          {session ? (
            <UserMenu session={session} />
          ) : (
            <Button component={Link} to="/login" variant="filled">
              {t('nav.login')}
            </Button>
          )}
          {session && (
            <Burger
              ref={burgerRef}
              className={classes.burger}
              opened={isOpen}
              onClick={toggle}
              size="sm"
              aria-label={isOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={isOpen}
              aria-controls={mobileNavId}
            />
          )}
        </div>
      </Container>
      {session && (
        <Collapse expanded={isOpen} id={mobileNavId}>
          {hasOpened && (
            <>
              <nav aria-label={t('nav.main')} className={classes.mobileNav}>
                <FoldedNavLinks onNavigate={close} />
              </nav>
              <div className={classes.mobileLanguage}>
                <BranchSwitch />
                <LanguageSelect />
              </div>
            </>
          )}
        </Collapse>
      )}
    </header>
  );
}
