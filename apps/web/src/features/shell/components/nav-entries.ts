import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useMay } from '@/hooks/use-session';

/** A screen the top bar leads to, and whether it is the one shown. */
export type NavPage = { to: string; label: string; isCurrent: boolean };
/** Screens the bar gathers under one name: a menu on a wide screen, a titled group when folded. */
export type NavGroup = { label: string; pages: NavPage[] };
export type NavEntry = NavPage | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'pages' in entry;

/**
 * Every screen past the login, as the top bar offers them: Home and Refund Forms (also the start
 * page), the reports on the forms issued, and the shop's public face and staff, grouped as Home
 * groups them; the shop's pages only for a role that may change them.
 */
export function useNavEntries(): NavEntry[] {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const mayRunShop = useMay('shop');
  const mayEditContent = useMay('content');
  const mayRunBranches = useMay('allBranches');
  const mayRunStaff = useMay('staff');
  const mayIntegrate = useMay('integrations');
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
        ...(mayRunBranches ? [page('/allBranches', t('nav.allBranches'))] : []),
      ],
    },
    ...(mayRunShop || mayRunStaff || mayEditContent || mayIntegrate
      ? [
          {
            label: t('nav.yourShop'),
            pages: [
              ...(mayRunShop ? [page('/shopUpdate', t('pages.shopUpdate'))] : []),
              ...(mayRunStaff ? [page('/staff', t('pages.staff'))] : []),
              ...(mayEditContent
                ? [page('/promoList', t('pages.promotions')), page('/gallery', t('pages.gallery'))]
                : []),
              ...(mayIntegrate ? [page('/integrations', t('pages.integrations'))] : []),
            ],
          },
        ]
      : []),
  ];
}
