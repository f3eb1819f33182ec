import { legalIdentityGaps } from '@taxfree/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useLanguage } from '@/hooks/use-language';
import { useCurrency, useTfsSettings } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { useShop } from '@/lib/shop-data';
import { type SavedForm, type Tenant, useCountries, useTaxFormDetail } from '../api/issue-form-api';
import { detailToValues } from '../model/tax-form-payload';
import { IssueFormFields } from './issue-form-fields';
import { LegalIdentityNotice } from './legal-identity-notice';
import { SectionHeadingLevel } from './section-heading';

export type IssueFormProps = {
  session: Session;
  /** The form to update; null issues a new one. */
  formId: number | null;
  onSaved: (saved: SavedForm) => void;
  onCancel?: () => void;
  /** 2 on a page under its h1; 3 (the default) in a drawer under its h2 title. */
  headingLevel?: 2 | 3;
};

/**
 * Loads what the form needs (settings, countries, currency, the form being edited, the company's
 * legal identity), then shows it. While the legal identity is incomplete a notice says what is
 * missing, and Issue sends nothing (the server would refuse the form all the same).
 */
export function IssueForm({
  session,
  formId,
  onSaved,
  onCancel,
  headingLevel = 3,
}: IssueFormProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const tenant: Tenant = { companyId: session.companyId, branchId: session.branchId };
  const settings = useTfsSettings(session.companyId);
  const countries = useCountries(tenant, language);
  const currency = useCurrency(tenant);
  const detail = useTaxFormDetail(tenant, formId);
  const shop = useShop(tenant);
  const noticeRef = useRef<HTMLDivElement>(null);

  const failure = settings.error ?? countries.error ?? detail.error ?? shop.error;
  if (failure) return <FormAlert>{errorMessage(failure)}</FormAlert>;
  if (!settings.data || !countries.data || !shop.data || (formId !== null && !detail.data)) {
    return <PageLoader />;
  }
  const defaults = detail.data ? detailToValues(detail.data) : null;
  const gaps = legalIdentityGaps(session.country, shop.data);
  return (
    <SectionHeadingLevel value={headingLevel}>
      {gaps.length > 0 && <LegalIdentityNotice ref={noticeRef} gaps={gaps} />}
      <IssueFormFields
        // A new form after each save: fresh defaults, a fresh attempt key.
        key={formId ?? 'new'}
        session={session}
        tenant={tenant}
        formId={formId}
        settings={settings.data}
        countryList={countries.data}
        currency={currency.data ?? ''}
        loaded={defaults}
        onSaved={onSaved}
        onCancel={onCancel}
        onBlockedIssue={gaps.length > 0 ? () => noticeRef.current?.focus() : undefined}
        submitLabel={formId === null ? t('issueForm.issue') : t('issueForm.updateAndPrint')}
      />
    </SectionHeadingLevel>
  );
}
