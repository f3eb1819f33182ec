import { type CountryOption, localToday, type TaxFormPayload } from '@taxfree/domain';
import { useForm } from 'react-hook-form';
import type { TfsSettings } from '@/lib/company-data';
import type { Session } from '@/lib/session';
import type { SavedForm, Tenant } from '../api/issue-form-api';
import { draftKey } from '../model/draft';
import { type IssueFormValues, newFormValues } from '../model/tax-form-values';
import { useDraftAutosave, useDraftStart } from './use-draft-autosave';
import { useEligibility } from './use-eligibility';
import { useIssueResolver } from './use-issue-resolver';
import { useSaveTaxForm } from './use-save-tax-form';
import { useTravellerLookup } from './use-traveller-lookup';

type IssueFormOptions = {
  session: Session;
  tenant: Tenant;
  formId: number | null;
  /** The version of the loaded form, sent back with its update; null for a new form. */
  version: number | null;
  settings: TfsSettings;
  countryList: CountryOption[];
  loaded: IssueFormValues | null;
  onSaved: (saved: SavedForm) => void;
};

/**
 * The form's state, once its settings are loaded: its values (the loaded form, a restored draft
 * or a blank one) and their validation, the draft, the traveller lookup, the eligibility gate and
 * the save behind `submit`.
 */
export function useIssueForm({
  session,
  tenant,
  formId,
  version,
  settings,
  countryList,
  loaded,
  onSaved,
}: IssueFormOptions) {
  const { general_setting: general, tax_free_setting: taxFree } = settings;
  const rates = settings.vat_setting.product_rates_array;
  const { amounts, resolver } = useIssueResolver(settings, session.country, loaded);
  const blank = () => newFormValues(localToday(), rates[0]);
  // A new form keeps a draft in the browser (per user and company) until issued or discarded.
  const draft = formId === null ? draftKey(session.companyId, session.userId) : null;
  const start = useDraftStart(draft, blank);
  const methods = useForm<IssueFormValues, unknown, TaxFormPayload>({
    resolver,
    mode: 'onTouched',
    defaultValues: loaded ?? start.restored ?? start.pristine,
  });
  const autosave = useDraftAutosave(draft, methods, start, blank);
  const traveller = useTravellerLookup({
    companyId: session.companyId,
    isNew: formId === null,
    setValue: methods.setValue,
  });
  const save = useSaveTaxForm({
    tenant,
    formId,
    version,
    multipleInvoices: general.multiple_invoice_required === 1,
    form: methods,
    onIssued: () => {
      autosave.startOver();
      traveller.forget();
    },
    onSaved,
  });
  const { judge, allows, reveal, isRefused, summaryRef } = useEligibility({
    country: session.country,
    amounts,
    productsMode: taxFree.products_in_tfs_form === 1,
    countryList,
  });
  // While a rule of the shop's country is not met, Issue sends nothing: the field errors and the
  // summary say what is missing (the server would refuse the form all the same).
  const submit = methods.handleSubmit(
    async (payload) => {
      if (allows(methods.getValues())) await save(payload);
      else reveal();
    },
    () => void allows(methods.getValues()),
  );
  return { methods, amounts, autosave, traveller, judge, isRefused, summaryRef, submit };
}
