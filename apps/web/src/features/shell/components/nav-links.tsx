import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import classes from './top-nav.module.css';

/** Home and Refund Forms (the refund form list is also the start page). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const links = [
    { to: '/home', label: t('nav.home'), isActive: pathname === '/home' },
    {
      to: '/refundForms',
      label: t('nav.refundForms'),
      isActive: pathname === '/refundForms' || pathname === '/',
    },
  ];

  return links.map((link) => (
    <Link
      key={link.to}
      to={link.to}
      className={classes.link}
      aria-current={link.isActive ? 'page' : undefined}
      onClick={onNavigate}
    >
      {link.label}
    </Link>
  ));
}
