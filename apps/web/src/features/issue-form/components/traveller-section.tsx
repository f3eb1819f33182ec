import { type CountryOption, loadNumberingPlans } from '@taxfree/domain';
import { Title } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ANOTHER_TRAVELLER,
  type IssueFormValues,
  type TaxFormValues,
} from '../model/tax-form-values';
import { DayField, SelectField, TextField } from './fields';
import classes from './issue-form.module.css';
import { MailLanguageField } from './mail-language-field';
import { PassportField } from './passport-field';
import { PassportScanInput } from './passport-scan-input';
import { useSectionHeadingLevel } from './section-heading';
import { useKnownTravellerOffer } from './use-known-traveller-offer';
import type { LookUpPassport } from './use-traveller-lookup';

type TravellerSectionProps = {
  countries: { value: string; label: string }[];
  countryList: CountryOption[];
  required: { email: boolean; nationality: boolean; dateOfBirth: boolean; postcode: boolean };
  /** Looks the passport up when it is left or scanned: a known traveller is offered under it. */
  onPassportBlur: LookUpPassport;
  onFill: (patch: Partial<TaxFormValues>) => void;
};

/** The phone's numbering plans are fetched as its field is entered, ready when it is checked. */
const fetchNumberingPlans = () => void loadNumberingPlans().catch(() => undefined);

/** Traveller: the scan input and the traveller's fields (SPEC 2). */
export function TravellerSection({
  countries,
  countryList,
  required,
  onPassportBlur,
  onFill,
}: TravellerSectionProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const known = useKnownTravellerOffer(onPassportBlur, onFill);
  const { getValues } = useFormContext<IssueFormValues>();
  const fillFromScan = (patch: Partial<TaxFormValues>) => {
    const before = getValues('taxform.passport').trim();
    const isAnother = Boolean(patch.passport && before && before !== patch.passport);
    onFill(isAnother ? { ...ANOTHER_TRAVELLER, ...patch } : patch);
    if (patch.passport) known.lookFor(patch.passport);
  };

  return (
    <section className={classes.section} aria-labelledby="issue-traveller">
      <Title order={headingLevel} size="h4" id="issue-traveller" className={classes.sectionTitle}>
        {t('issueForm.sections.traveller')}
      </Title>
      <div className={classes.fields}>
        <PassportScanInput countryList={countryList} onFill={fillFromScan} />
        <TextField
          name="taxform.traveler_name"
          label={t('issueForm.fields.name')}
          required
          autoComplete="off"
        />
        <TextField
          name="taxform.traveler_surname"
          label={t('issueForm.fields.surname')}
          required
          autoComplete="off"
        />
        <PassportField known={known} />
        <DayField name="taxform.passport_expiry" label={t('issueForm.fields.passportExpiry')} />
        <SelectField
          name="taxform.issued_govt"
          label={t('issueForm.fields.issuingCountry')}
          required
          data={countries}
          searchable
        />
        <SelectField
          name="taxform.nationality"
          label={t('issueForm.fields.nationality')}
          required={required.nationality}
          data={countries}
          searchable
          clearable
        />
        <SelectField
          name="taxform.residence_country"
          label={t('issueForm.fields.residenceCountry')}
          placeholder={t('issueForm.fields.residenceSame')}
          data={countries}
          searchable
          clearable
        />
        <TextField
          name="taxform.residence_proof"
          label={t('issueForm.fields.residenceProof')}
          description={t('issueForm.fields.residenceProofHint')}
          autoComplete="off"
        />
        <DayField
          name="taxform.traveler_dob"
          label={t('issueForm.fields.dateOfBirth')}
          required={required.dateOfBirth}
        />
        <TextField
          name="taxform.traveler_email"
          label={t('issueForm.fields.email')}
          type="email"
          required={required.email}
          autoComplete="off"
        />
        <MailLanguageField countryList={countryList} />
        <TextField
          name="taxform.traveler_mobile"
          label={t('issueForm.fields.mobile')}
          type="tel"
          required
          autoComplete="off"
          onFocus={fetchNumberingPlans}
        />
        <TextField
          name="taxform.traveler_postcode"
          label={t('issueForm.fields.postcode')}
          required={required.postcode}
          autoComplete="off"
        />
        <div className={classes.wide}>
          <TextField
            name="taxform.traveler_address"
            label={t('issueForm.fields.address')}
            required
            multiline
            autoComplete="off"
          />
        </div>
      </div>
    </section>
  );
}
