import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useLanguage } from '@/hooks/use-language';
import { useCurrency, useTfsSettings } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { type SavedForm, type Tenant, useCountries, useTaxFormDetail } from '../api/issue-form-api';
import { detailToValues } from '../model/form-payload';
import { IssueFormFields } from './issue-form-fields';
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

/** Loads what the form needs (settings, countries, currency, the form being edited), then shows it. */
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

  const failure = settings.error ?? countries.error ?? detail.error;
  if (failure) return <FormAlert>{errorMessage(failure)}</FormAlert>;
  if (!settings.data || !countries.data || (formId !== null && !detail.data)) {
    return <PageLoader />;
  }
  const defaults = detail.data ? detailToValues(detail.data) : null;
  return (
    <SectionHeadingLevel value={headingLevel}>
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
        submitLabel={formId === null ? t('issueForm.issue') : t('issueForm.updateAndPrint')}
      />
    </SectionHeadingLevel>
  );
}
