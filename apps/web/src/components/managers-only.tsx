import type { Capability } from '@taxfree/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-session';
import { FormAlert } from './form-alert';
import { PageTitle } from './page-title';

/** The screens of the shop's running: what each does (a role's capability) and its title. */
const SCREENS = {
  shop: { may: 'shop', title: 'pages.shopUpdate' },
  promotions: { may: 'content', title: 'pages.promotions' },
  gallery: { may: 'content', title: 'pages.gallery' },
} as const satisfies Record<string, { may: Capability; title: string }>;

type ManagersOnlyProps = { screen: keyof typeof SCREENS; children: ReactNode };

/**
 * A screen of the shop's running, for a role that may run it: a clerk who opens its address is
 * told at once that the page is a manager's, rather than at the first save the server refuses.
 */
export function ManagersOnly({ screen, children }: ManagersOnlyProps) {
  const { t } = useTranslation();
  const { may, title } = SCREENS[screen];
  const mayRun = useMay(may);
  if (mayRun) return children;
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      <FormAlert tone="info" title={t('managersOnly.title')}>
        {t('managersOnly.message')}
      </FormAlert>
    </>
  );
}
