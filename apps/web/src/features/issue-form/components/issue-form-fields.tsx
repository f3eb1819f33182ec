import { type CountryOption, isCroatiaMode } from '@taxfree/domain';
import { type ReactNode, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import type { TfsSettings } from '@/lib/company-data';
import type { Session } from '@/lib/session';
import type { SavedForm, Tenant } from '../api/issue-form-api';
import type { IssueFormValues } from '../model/tax-form-values';
import { DraftNote } from './draft-note';
import { EligibilitySummary } from './eligibility-summary';
import { IssueFormActions } from './issue-form-actions';
import classes from './issue-form.module.css';
import { PurchaseLines } from './purchase-lines';
import { PurchaseSection } from './purchase-section';
import { RefundSection } from './refund-section';
import { TravellerSection } from './traveller-section';
import { useIssueForm } from './use-issue-form';

type IssueFormFieldsProps = {
  session: Session;
  tenant: Tenant;
  formId: number | null;
  /** The loaded form's version, sent back with its update; null for a new form. */
  version?: number | null;
  settings: TfsSettings;
  countryList: CountryOption[];
  currency: string;
  loaded: IssueFormValues | null;
  onSaved: (saved: SavedForm) => void;
  onCancel?: () => void;
  /** Set while the form may not be issued (its shop's legal identity is incomplete): Issue sends
   * nothing and calls it. */
  onBlockedIssue?: () => void;
  submitLabel: string;
  /** The saved form shown as it is: every field read-only, and `viewActions` for the buttons. */
  readOnly?: boolean;
  viewActions?: ReactNode;
};

/** The form itself, once its settings are loaded: its sections, the draft and the save. */
export function IssueFormFields({
  session,
  tenant,
  formId,
  version = null,
  settings,
  countryList,
  currency,
  loaded,
  onSaved,
  onCancel,
  onBlockedIssue,
  submitLabel,
  readOnly = false,
  viewActions,
}: IssueFormFieldsProps) {
  const { general_setting: general, tax_free_setting: taxFree } = settings;
  const { methods, amounts, autosave, traveller, judge, isRefused, summaryRef, submit } =
    useIssueForm({ session, tenant, formId, version, settings, countryList, loaded, onSaved });
  const countries = useMemo(
    () => countryList.map((country) => ({ value: String(country.id), label: country.text })),
    [countryList],
  );

  return (
    <FormProvider {...methods}>
      <form
        className={classes.form}
        onSubmit={(event) => {
          if (!onBlockedIssue) return void submit(event);
          event.preventDefault();
          onBlockedIssue();
        }}
        noValidate
      >
        {autosave.isRestored && <DraftNote onDiscard={autosave.discard} />}
        <fieldset className={classes.sections} disabled={readOnly}>
          <TravellerSection
            countries={countries}
            countryList={countryList}
            required={{
              email: taxFree.traveler_email_id_required === 1,
              nationality: taxFree.nationality_in_issue_form === 1,
              dateOfBirth: taxFree.traveler_dob_required === 1,
              postcode: taxFree.traveler_postcode_required === 1,
            }}
            onPassportBlur={traveller.onPassportBlur}
            onFill={traveller.fill}
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
          <PurchaseLines
            tenant={tenant}
            country={session.country}
            judge={judge}
            settings={settings}
            amounts={amounts}
            currency={currency}
            withInvoiceDate={isCroatiaMode(session.ushopSetting)}
          />
        </fieldset>
        {!readOnly && <EligibilitySummary ref={summaryRef} judge={judge} isRefused={isRefused} />}
        {readOnly ? (
          viewActions
        ) : (
          <IssueFormActions
            submitLabel={submitLabel}
            isSubmitting={methods.formState.isSubmitting}
            onCancel={
              // Cancelling a new form abandons it: its draft goes, and the next traveller's form
              // starts blank (a reload or a closed panel keeps the draft, to be taken up again).
              onCancel &&
              (() => {
                autosave.discard();
                onCancel();
              })
            }
          />
        )}
      </form>
    </FormProvider>
  );
}
