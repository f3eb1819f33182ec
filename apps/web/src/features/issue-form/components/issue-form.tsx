import {
  type AmountSettings,
  type CountryCode,
  type CountryOption,
  isCroatiaMode,
  localToday,
  type TaxFormPayload,
} from '@taxfree/domain';
import { Alert, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { confirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { config } from '@/config';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { errorMessage, handleError } from '@/lib/error-handler';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { showInNewTab } from '@/lib/open-tab';
import type { Session } from '@/lib/session';
import { useCurrency, useTfsSettings, type TfsSettings } from '@/lib/company-data';
import { taxFormKeys } from '@/lib/tax-form-keys';
import {
  downloadTaxForm,
  findTraveller,
  issueTaxForm,
  newIdempotencyKey,
  type SavedForm,
  type Tenant,
  updateTaxForm,
  useCountries,
  useTaxFormDetail,
  useProductClassifications,
} from '../api/issue-form-api';
import { detailToValues, toWirePayload, travellerPatch } from '../model/form-payload';
import {
  type IssueFormValues,
  missingRefundDetail,
  newFormValues,
  type TaxformValues,
} from '../model/form-values';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../model/draft';
import { issueFormResolver, type MaskedDetails } from '../model/issue-resolver';
import { InvoicesSection } from './invoices-section';
import classes from './issue-form.module.css';
import { ProductsTable } from './products-table';
import { PurchaseSection } from './purchase-section';
import { RefundSection } from './refund-section';
import { SectionHeadingLevel } from './section-heading';
import { TravellerSection } from './traveller-section';

export type IssueFormProps = {
  session: Session;
  /** The form to update; null issues a new one. */
  formId: number | null;
  onSaved: (saved: SavedForm) => void;
  onCancel?: () => void;
  /** 2 on a page under its h1; 3 (the default) in a drawer under its h2 title. */
  headingLevel?: 2 | 3;
};

const isCountryCode = (value: string): value is CountryCode => /^[A-Z]{2}$/.test(value);

/** How long typing pauses before the draft is written. */
export const DRAFT_DELAY_MS = 400;

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

type FieldsProps = {
  session: Session;
  tenant: Tenant;
  formId: number | null;
  settings: TfsSettings;
  countryList: CountryOption[];
  currency: string;
  loaded: IssueFormValues | null;
  onSaved: (saved: SavedForm) => void;
  onCancel?: () => void;
  submitLabel: string;
};

function IssueFormFields({
  session,
  tenant,
  formId,
  settings,
  countryList,
  currency,
  loaded,
  onSaved,
  onCancel,
  submitLabel,
}: FieldsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { general_setting: general, tax_free_setting: taxFree, vat_setting: vat } = settings;
  const rates = vat.product_rates_array;
  const classifications = useProductClassifications(tenant, taxFree.products_in_tfs_form === 1);
  // One key per issue attempt: retries of the same submission reuse it, a success renews it.
  const attemptKey = useRef(newIdempotencyKey());
  const lastLookup = useRef('');

  const amounts = useMemo<AmountSettings>(
    () => ({
      purchaseAmountType: vat.purchase_amount_type,
      refund: settings.refund_calculation_setting,
    }),
    [vat.purchase_amount_type, settings.refund_calculation_setting],
  );
  const masked = useMemo<MaskedDetails | undefined>(
    () => (loaded ? { card: loaded.taxform.acc_details, iban: loaded.taxform.iban } : undefined),
    [loaded],
  );
  const resolver = useMemo(
    () =>
      issueFormResolver({ general, taxFree, vat }, amounts, {
        phoneCountry: isCountryCode(session.country) ? session.country : undefined,
        masked,
      }),
    [general, taxFree, vat, amounts, session.country, masked],
  );
  // A new form keeps a draft in the browser (per user and company) until issued or discarded.
  const draft = formId === null ? draftKey(session.companyId, session.userId) : null;
  const [initial] = useState(() => {
    const pristine = newFormValues(localToday(), rates[0]);
    return { pristine, restored: draft ? loadDraft(draft, pristine) : null };
  });
  const [draftRestored, setDraftRestored] = useState(initial.restored !== null);
  const methods = useForm<IssueFormValues, unknown, TaxFormPayload>({
    resolver,
    mode: 'onTouched',
    defaultValues: loaded ?? initial.restored ?? initial.pristine,
  });
  const { handleSubmit, setError, setValue, getValues, reset, formState, subscribe } = methods;
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!draft) return undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(draftTimer.current);
        draftTimer.current = setTimeout(() => {
          draftTimer.current = undefined;
          saveDraft(draft, getValues(), initial.pristine);
        }, DRAFT_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      // Closing the drawer mid-pause still keeps what was typed.
      if (draftTimer.current !== undefined) {
        clearTimeout(draftTimer.current);
        saveDraft(draft, getValues(), initial.pristine);
      }
    };
  }, [draft, subscribe, getValues, initial.pristine]);

  const discardDraft = () => {
    if (!draft) return;
    clearTimeout(draftTimer.current);
    draftTimer.current = undefined;
    clearDraft(draft);
    reset(newFormValues(localToday(), rates[0]));
    setDraftRestored(false);
  };

  const countries = useMemo(
    () => countryList.map((country) => ({ value: String(country.id), label: country.text })),
    [countryList],
  );

  const fill = (patch: Partial<TaxformValues>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(`taxform.${key as keyof TaxformValues}`, value, {
        shouldDirty: true,
        shouldTouch: true,
        shouldValidate: true,
      });
    }
  };

  // A known passport: offer the traveller's details from an earlier form.
  const onPassportBlur = (value: string) => {
    const passport = value.trim();
    if (formId !== null || !passport || passport === lastLookup.current) return;
    lastLookup.current = passport;
    findTraveller(session.companyId, passport)
      .then(async (traveller) => {
        if (!traveller) return;
        const name = `${traveller.traveler_name} ${traveller.traveler_surname}`.trim();
        const accepted = await confirmDialog({
          title: t('issueForm.knownTraveller.title'),
          message: t('issueForm.knownTraveller.message', { passport, name }),
          confirmLabel: t('issueForm.knownTraveller.fill'),
          cancelLabel: t('issueForm.knownTraveller.skip'),
        });
        if (accepted) fill(travellerPatch(traveller));
      })
      // The lookup only saves typing: a failure leaves the form as it is.
      .catch(() => undefined);
  };

  const save = async (payload: TaxFormPayload) => {
    const missing = missingRefundDetail(getValues('taxform'));
    if (missing) {
      const proceed = await confirmDialog({
        title: t('issueForm.emptyRefund.title'),
        message: t(`issueForm.emptyRefund.${missing}`),
        confirmLabel: t('issueForm.emptyRefund.proceed'),
        cancelLabel: t('issueForm.emptyRefund.back'),
      });
      if (!proceed) return;
    }
    const body = toWirePayload(payload, general.multiple_invoice_required === 1);
    try {
      const response =
        formId === null
          ? await issueTaxForm(tenant, body, attemptKey.current)
          : await updateTaxForm(tenant, formId, body);
      attemptKey.current = newIdempotencyKey();
      notifySuccess(response.message);
      void queryClient.invalidateQueries({ queryKey: taxFormKeys.all });
      if (formId !== null) await printSaved(tenant, response.data, t);
      if (formId === null) {
        reset(newFormValues(localToday(), rates[0]));
        lastLookup.current = '';
        if (draft) {
          clearTimeout(draftTimer.current);
          draftTimer.current = undefined;
          clearDraft(draft);
        }
        setDraftRestored(false);
      }
      onSaved(response.data);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.errors.length > 0) {
        for (const { field, message } of error.errors) {
          setError(field as FieldPath<IssueFormValues>, { type: 'server', message });
        }
        notifyWarning(error.message);
        return;
      }
      handleError(error);
    }
  };

  return (
    <FormProvider {...methods}>
      <form
        className={classes.form}
        onSubmit={(event) => void handleSubmit(save)(event)}
        noValidate
      >
        {draftRestored && (
          <Alert color="blue" variant="light" role="status" title={t('issueForm.draft.restored')}>
            <div className={classes.draftNote}>
              <span>{t('issueForm.draft.restoredDetail')}</span>
              <Button variant="default" size="xs" onClick={discardDraft}>
                {t('issueForm.draft.discard')}
              </Button>
            </div>
          </Alert>
        )}
        <TravellerSection
          countries={countries}
          countryList={countryList}
          required={{
            email: taxFree.traveler_email_id_required === 1,
            nationality: taxFree.nationality_in_issue_form === 1,
            dateOfBirth: taxFree.traveler_dob_required === 1,
            postcode: taxFree.traveler_postcode_required === 1,
          }}
          onPassportBlur={onPassportBlur}
          onFill={fill}
        />
        <PurchaseSection
          countries={countries}
          required={{
            items: taxFree.purchase_details_required === 1,
            shipment: taxFree.method_of_shipment_required === 1,
            finalDestination: taxFree.final_destination_fields_required === 1,
          }}
        />
        <RefundSection
          refundMethods={general.refund_methods}
          detailRequired={taxFree.refund_addition_fields_mandatory === 1}
        />
        {taxFree.products_in_tfs_form === 1 ? (
          <ProductsTable
            rates={rates}
            classifications={classifications.data ?? []}
            amounts={amounts}
            currency={currency}
            referenceRequired={general.invoice_ref_no_required === 1}
            withInvoiceDate={isCroatiaMode(session.ushopSetting)}
          />
        ) : (
          <InvoicesSection
            rates={rates}
            amounts={amounts}
            currency={currency}
            referenceRequired={general.invoice_ref_no_required === 1}
            withInvoiceDate={isCroatiaMode(session.ushopSetting)}
            multiple={general.multiple_invoice_required === 1}
          />
        )}
        <div className={classes.actions}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
              {t('issueForm.cancel')}
            </Button>
          )}
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** Renders the saved form's PDF and opens it in a new tab (Update and Print). */
async function printSaved(tenant: Tenant, saved: SavedForm, t: TFunction) {
  let name: string;
  try {
    name = await downloadTaxForm(tenant, saved.id);
  } catch {
    notifyWarning(t('issueForm.printFailed'));
    return;
  }
  showInNewTab(`${config.uploadsBase}/electronic/${encodeURIComponent(name)}`, {
    blocked: t('formActions.print.blocked'),
    link: t('formActions.print.open', { barcode: saved.barcode }),
  });
}
