import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A screen the top bar leads to, and whether it is the one shown. */
export type NavPage = { to: string; label: string; isCurrent: boolean };
/** Screens the bar gathers under one name: a menu on a wide screen, a titled group when folded. */
export type NavGroup = { label: string; pages: NavPage[] };
export type NavEntry = NavPage | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'pages' in entry;

/**
 * Every screen past the login, as the top bar offers them: Home and Refund Forms (also the start
 * page), the reports on the forms issued, and the shop's public face, grouped as Home groups them.
 */
export function useNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = (to: string, label: string, alsoAt: string[] = []): NavPage => ({
    to,
    label,
    isCurrent: pathname === to || alsoAt.includes(pathname),
  });

  return [
    page('/home', t('nav.home')),
    page('/refundForms', t('nav.refundForms'), ['/']),
    {
      label: t('nav.reports'),
      pages: [
        page('/formStats', t('pages.formStats')),
        page('/taxformBreakdown', t('pages.taxformBreakdown')),
      ],
    },
    {
      label: t('nav.yourShop'),
      pages: [
        page('/shopUpdate', t('pages.shopUpdate')),
        page('/promoList', t('pages.promotions')),
        page('/gallery', t('pages.gallery')),
      ],
    },
  ];
}
