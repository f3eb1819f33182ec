import {
  defaultTravellerLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type CountryOption,
} from '@taxfree/domain';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IssueFormValues } from '../model/tax-form-values';
import { SelectField } from './fields';

const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language],
}));

/**
 * The language of the traveller's e-mails. Left empty, the server writes in the language of the
 * traveller's nationality (or issuing country) where it is one of the portal's, else in English:
 * the empty select shows which.
 */
export function MailLanguageField({ countryList }: { countryList: CountryOption[] }) {
  const { t } = useTranslation();
  const [nationality, issuing] = useWatch<
    IssueFormValues,
    ['taxform.nationality', 'taxform.issued_govt']
  >({ name: ['taxform.nationality', 'taxform.issued_govt'] });
  const isoById = useMemo(
    () => new Map(countryList.map((country) => [String(country.id), country.ISO2])),
    [countryList],
  );
  const iso = (id: string | null) => (id === null ? null : (isoById.get(id) ?? null));
  const byDefault = defaultTravellerLanguage(iso(nationality), iso(issuing)) ?? 'en';
  return (
    <SelectField
      name="taxform.traveller_language"
      label={t('issueForm.fields.mailLanguage')}
      description={t('issueForm.fields.mailLanguageHint')}
      placeholder={t('issueForm.fields.mailLanguageDefault', {
        language: LANGUAGE_NAMES[byDefault],
      })}
      data={LANGUAGE_OPTIONS}
      clearable
    />
  );
}
