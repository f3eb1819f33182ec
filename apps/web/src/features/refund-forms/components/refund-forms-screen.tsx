import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Placeholder until the screen is built: its heading, inside the app shell. */
export function RefundFormsScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t('pages.refundForms')}</PageTitle>;
}
