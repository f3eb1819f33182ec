import { useQueryClient } from '@tanstack/react-query';
import type { TaxFormPayload } from '@taxfree/domain';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import type { Tenant } from '@/lib/company-data';
import { applyFieldErrors, handleError } from '@/lib/error-handler';
import { notifyWarning } from '@/lib/notify';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { shopKeys } from '@/lib/shop-data';
import type { SavedForm } from '../api/issue-form-api';
import { fetchTaxFormDetail } from '../api/issue-form-api';
import { useIssueTaxForm } from '../api/issue-tax-form';
import { useUpdateTaxForm } from '../api/update-tax-form';
import { detailToValues, toWirePayload } from '../model/tax-form-payload';
import {
  isIssueFormField,
  type IssueFormValues,
  missingRefundDetail,
} from '../model/tax-form-values';

type SaveOptions = {
  tenant: Tenant;
  /** The form to update; null issues a new one. */
  formId: number | null;
  /** The version of the form to update as the panel opened it; null for a new form. */
  version: number | null;
  multipleInvoices: boolean;
  form: Pick<
    UseFormReturn<IssueFormValues, unknown, TaxFormPayload>,
    'getValues' | 'setError' | 'reset'
  >;
  /** A new form was issued: the form starts over. */
  onIssued: () => void;
  onSaved: (saved: SavedForm) => void;
};

/**
 * The submit handler: asks first when the chosen refund method's detail is empty, then issues
 * or updates the form and hands the saved form on (the panel then shows it and prints it). A
 * refused payload puts the server's messages on their fields. An update of a form someone changed
 * since the panel opened is refused: the clerk is told who and when, and may load their version.
 */
export function useSaveTaxForm({
  tenant,
  formId,
  version,
  multipleInvoices,
  form,
  onIssued,
  onSaved,
}: SaveOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const issue = useIssueTaxForm(tenant);
  const update = useUpdateTaxForm(tenant);
  // One key per issue attempt: retries of the same submission reuse it, a success renews it.
  const attemptKey = useRef(newIdempotencyKey());
  // The version the clerk's changes were made on: a reload moves it to the one loaded.
  const openedVersion = useRef(version);

  const offerReload = async (id: number, message: string) => {
    const reload = await confirmDialog({
      title: t('issueForm.changed.title'),
      message,
      confirmLabel: t('issueForm.changed.reload'),
      cancelLabel: t('issueForm.changed.keep'),
      focusConfirm: true,
    });
    if (!reload) return;
    const detail = await fetchTaxFormDetail(tenant, id);
    form.reset(detailToValues(detail));
    openedVersion.current = detail.taxforms.version;
  };

  return async (payload: TaxFormPayload) => {
    const missing = missingRefundDetail(form.getValues('taxform'));
    if (missing) {
      const proceed = await confirmDialog({
        title: t('issueForm.emptyRefund.title'),
        message: t(`issueForm.emptyRefund.${missing}`),
        confirmLabel: t('issueForm.emptyRefund.proceed'),
        cancelLabel: t('issueForm.emptyRefund.back'),
        // The clerk who left it empty on purpose goes on with Enter.
        focusConfirm: true,
      });
      if (!proceed) return;
    }
    const body = toWirePayload(payload, multipleInvoices);
    try {
      const response =
        formId === null
          ? await issue.mutateAsync({ payload: body, idempotencyKey: attemptKey.current })
          : await update.mutateAsync({ id: formId, payload: body, version: openedVersion.current });
      attemptKey.current = newIdempotencyKey();
      if (formId === null) onIssued();
      onSaved(response.data);
    } catch (error) {
      if (formId !== null && isApiError(error) && error.code === 'FORM_CHANGED') {
        await offerReload(formId, error.message).catch(handleError);
        return;
      }
      // A refused payload names its fields; the toast still says why it was refused.
      if (isApiError(error) && error.status === 400) {
        applyFieldErrors(error, form.setError, isIssueFormField);
        // What the panel has no field for (the shop's legal identity, changed meanwhile from
        // another branch): its own messages, and the shop read again so the notice shows.
        const elsewhere = error.errors.filter((e) => !isIssueFormField(e.field));
        if (elsewhere.length > 0) {
          notifyWarning(elsewhere.map((e) => e.message).join(' '));
          void queryClient.invalidateQueries({ queryKey: shopKeys.detail(tenant) });
          return;
        }
      }
      handleError(error);
    }
  };
}
