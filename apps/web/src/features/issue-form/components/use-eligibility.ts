import {
  type AmountSettings,
  type CountryOption,
  dayIn,
  findCountryRules,
  type JudgedEligibilityLine,
} from '@taxfree/domain';
import { useMemo, useRef, useState } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { formEligibility, isEligible, isoLookup } from '../model/eligibility';
import type { IssueFormValues } from '../model/tax-form-values';

type EligibilityOptions = {
  /** The shop's country (ISO 3166-1 alpha-2): its rules, if the portal knows them, apply. */
  country: string;
  amounts: AmountSettings;
  productsMode: boolean;
  countryList: readonly CountryOption[];
};

/** Judges form values by the shop's country's rules; null when the country has none. */
export type JudgeEligibility = (values: IssueFormValues) => JudgedEligibilityLine[] | null;

/**
 * The eligibility summary's rules and the gate in front of the server: `judge` gives the summary's
 * lines for any values, `allows` says whether values may be sent (and remembers the answer, so the
 * summary can say why nothing was sent), `reveal` brings the summary into view and focus.
 */
export function useEligibility({
  country,
  amounts,
  productsMode,
  countryList,
}: EligibilityOptions) {
  const [isRefused, setIsRefused] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const rules = findCountryRules(country);
  const isoOf = useMemo(() => isoLookup(countryList), [countryList]);
  const [language] = useLanguage();
  // Today is read at each judgement: a form left open past midnight is judged on the new day.
  const judge: JudgeEligibility = (values) =>
    rules &&
    formEligibility(values, {
      rules,
      amounts,
      productsMode,
      isoOf,
      language,
      today: dayIn(rules.timeZone),
    });

  const allows = (values: IssueFormValues): boolean => {
    const lines = judge(values);
    const isAllowed = lines === null || isEligible(lines);
    setIsRefused(!isAllowed);
    return isAllowed;
  };

  const reveal = () => {
    summaryRef.current?.scrollIntoView({ block: 'center' });
    summaryRef.current?.focus({ preventScroll: true });
  };

  return { judge, allows, reveal, isRefused, summaryRef };
}
