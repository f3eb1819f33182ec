import { Alert } from '@mantine/core';
import { canEdit, legalIdentityGaps } from '@taxfree/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { shopToday } from '@/lib/shop-day';
import type { SavedForm, Tenant } from '../api/issue-form-api';
import { detailToValues } from '../model/tax-form-payload';
import { FormViewActions } from './form-view-actions';
import { IssueFormFields } from './issue-form-fields';
import { IssueResult } from './issue-result';
import { LegalIdentityNotice } from './legal-identity-notice';
import { SectionHeadingLevel } from './section-heading';
import { useIssueFormData } from './use-issue-form-data';

/** What the panel shows: a saved form to read, the form being filled, or a form just saved. */
export type IssueFormStage = 'view' | 'edit' | 'result';

export type IssueFormProps = {
  session: Session;
  /** The form to show and update; null issues a new one. */
  formId: number | null;
  /** Close (the drawer; the page has nothing to go back to). */
  onClose?: () => void;
  /** "E-mail it" for a form just saved (absent: not offered). */
  onEmail?: (saved: SavedForm) => void;
  /** "Next traveller" after an update; a new form starts over in place. */
  onNextTraveller?: () => void;
  /** Told when a form has been saved and when the panel's stage changes. */
  onSaved?: (saved: SavedForm) => void;
  onStage?: (stage: IssueFormStage) => void;
  /** 2 on a page under its h1; 3 (the default) in a drawer under its h2 title. */
  headingLevel?: 2 | 3;
};

/**
 * Loads what the form needs (settings, countries, currency, the form being edited, the company's
 * legal identity), then shows it: a saved form read-only first, with Edit as a step of its own;
 * once saved, the result the counter needs (IssueResult). While the legal identity is incomplete
 * a notice says what is missing, and Issue sends nothing.
 */
export function IssueForm(props: IssueFormProps) {
  const { session, formId, onClose, headingLevel = 3 } = props;
  const { t } = useTranslation();
  const tenant: Tenant = { companyId: session.companyId, branchId: session.branchId };
  const { settings, countries, currency, detail, shop, drawn } = useIssueFormData(
    session,
    tenant,
    formId,
  );
  const noticeRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<IssueFormStage>(formId === null ? 'edit' : 'view');
  const [saved, setSaved] = useState<SavedForm | null>(null);
  // Each new traveller gets a fresh form: fresh defaults, a fresh attempt key, focus on the scan.
  const [round, setRound] = useState(0);
  const { onStage } = props;
  useEffect(() => onStage?.(stage), [onStage, stage]);

  if (stage === 'result' && saved) {
    const nextTraveller = () => {
      if (formId !== null && props.onNextTraveller) return props.onNextTraveller();
      setSaved(null);
      setRound((n) => n + 1);
      setStage('edit');
    };
    return (
      <SectionHeadingLevel value={headingLevel}>
        <IssueResult
          session={session}
          saved={saved}
          kind={formId === null ? 'issued' : 'updated'}
          onNext={nextTraveller}
          onEmail={props.onEmail}
          onClose={onClose}
        />
      </SectionHeadingLevel>
    );
  }

  const failure = settings.error ?? countries.error ?? detail.error ?? shop.error;
  if (failure) return <FormAlert>{errorMessage(failure)}</FormAlert>;
  if (!drawn || !settings.data || !countries.data || !shop.data) return <PageLoader />;
  const stored = detail.data?.taxforms;
  const defaults = detail.data ? detailToValues(detail.data) : null;
  const mayEdit =
    stored !== undefined &&
    !stored.expired &&
    canEdit(
      {
        stage: stored.status,
        cancelled: stored.cancelled === '1',
        exportDeadline: stored.export_deadline,
      },
      shopToday(session.country),
    );
  const gaps = legalIdentityGaps(session.country, shop.data);
  const isViewing = stage === 'view' && stored !== undefined;
  return (
    <SectionHeadingLevel value={headingLevel}>
      {gaps.length > 0 && !isViewing && <LegalIdentityNotice ref={noticeRef} gaps={gaps} />}
      {isViewing && (
        <Alert color="gray">{mayEdit ? t('formView.readOnly') : t('formView.locked')}</Alert>
      )}
      {formId !== null && stage === 'edit' && <Alert color="yellow">{t('formView.reprint')}</Alert>}
      <IssueFormFields
        key={`${formId ?? 'new'}-${round}`}
        session={session}
        tenant={tenant}
        formId={formId}
        version={stored?.version ?? null}
        settings={settings.data}
        countryList={countries.data}
        currency={currency.data ?? ''}
        loaded={defaults}
        readOnly={isViewing}
        viewActions={
          isViewing ? (
            <FormViewActions
              session={session}
              form={{ id: stored.id, barcode: stored.barcode }}
              onEdit={mayEdit ? () => setStage('edit') : undefined}
              onClose={onClose}
            />
          ) : undefined
        }
        onSaved={(form) => {
          setSaved(form);
          setStage('result');
          props.onSaved?.(form);
        }}
        onCancel={onClose}
        onBlockedIssue={gaps.length > 0 ? () => noticeRef.current?.focus() : undefined}
        submitLabel={formId === null ? t('issueForm.issue') : t('issueForm.updateAndPrint')}
      />
    </SectionHeadingLevel>
  );
}
