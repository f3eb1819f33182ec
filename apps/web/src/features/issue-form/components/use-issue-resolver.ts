import type { AmountSettings, CountryCode } from '@taxfree/domain';
import { useMemo } from 'react';
import { useLanguage } from '@/hooks/use-language';
import type { TfsSettings } from '@/lib/company-data';
import type { IssueFormValues } from '../model/tax-form-values';
import { issueFormResolver, type MaskedDetails } from '../model/issue-resolver';

const isCountryCode = (value: string): value is CountryCode => /^[A-Z]{2}$/.test(value);

/**
 * The company's amount settings and the form's resolver: the domain's issue rules under the
 * company's settings, phone numbers read in the shop's country, amounts as typed in the interface
 * language, and the edited form's masked card number and IBAN kept when they are not retyped.
 */
export function useIssueResolver(
  settings: TfsSettings,
  shopCountry: string,
  loaded: IssueFormValues | null,
) {
  const [language] = useLanguage();
  const { general_setting: general, tax_free_setting: taxFree, vat_setting: vat } = settings;
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
        phoneCountry: isCountryCode(shopCountry) ? shopCountry : undefined,
        masked,
        language,
      }),
    [general, taxFree, vat, amounts, shopCountry, masked, language],
  );
  return { amounts, resolver };
}
