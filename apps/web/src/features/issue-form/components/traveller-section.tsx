import { type CountryOption, isTravellerQr, localToday, parseTravellerScan } from '@taxfree/domain';
import { Button, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxformValues } from '../model/form-values';
import { SelectField, TextField } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

type TravellerSectionProps = {
  countries: { value: string; label: string }[];
  countryList: CountryOption[];
  required: { email: boolean; nationality: boolean; dateOfBirth: boolean; postcode: boolean };
  onPassportBlur: (passport: string) => void;
  onFill: (patch: Partial<TaxformValues>) => void;
};

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
  const { t: tv } = useTranslation('validation');
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const scanRef = useRef<HTMLTextAreaElement>(null);

  // The form arrives after its settings: focus starts on the scan input then, ready for a scanner.
  useEffect(() => {
    scanRef.current?.focus();
  }, []);

  const idOf = (iso3: string | null) => {
    if (!iso3) return undefined;
    const country = countryList.find((c) => c.ISO3 === iso3);
    return country ? String(country.id) : undefined;
  };

  /** Reads the scan; true when it filled the traveller. */
  const read = (input: string, reportFailure: boolean): boolean => {
    const result = parseTravellerScan(input.trim(), { today: localToday() });
    if (!result.ok) {
      if (reportFailure) setScanError(tv(result.reason));
      return false;
    }
    const { traveller } = result;
    const patch: Partial<TaxformValues> = {
      traveler_name: traveller.name,
      traveler_surname: traveller.surname,
      passport: traveller.passport,
    };
    const issuing = idOf(traveller.issuingIso3);
    const nationality = idOf(traveller.nationalityIso3);
    if (issuing) patch.issued_govt = issuing;
    if (nationality) patch.nationality = nationality;
    if (traveller.dateOfBirth) patch.traveler_dob = traveller.dateOfBirth;
    onFill(patch);
    setScan('');
    setScanError(null);
    return true;
  };

  // A keyboard-wedge scanner types each line of the zone followed by Enter: Enter reads the scan
  // once it is complete, and otherwise starts the zone's next line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    const value = event.currentTarget.value.trim();
    if (!value) {
      event.preventDefault();
      return;
    }
    const lines = value.split('\n').length;
    const isLast = isTravellerQr(value) || lines >= 3;
    if (read(value, isLast) || isLast) event.preventDefault();
  };

  return (
    <section className={classes.section} aria-labelledby="issue-traveller">
      <Title order={headingLevel} size="h4" id="issue-traveller" className={classes.sectionTitle}>
        {t('issueForm.sections.traveller')}
      </Title>
      <div className={classes.fields}>
        <div className={classes.wide}>
          <Textarea
            ref={scanRef}
            label={t('issueForm.scan.label')}
            description={t('issueForm.scan.description')}
            value={scan}
            onChange={(event) => {
              setScan(event.currentTarget.value);
              setScanError(null);
            }}
            onKeyDown={onKeyDown}
            error={scanError}
            rows={2}
            spellCheck={false}
            autoComplete="off"
            data-autofocus
            classNames={{ input: classes.scanInput }}
          />
          <Button
            variant="subtle"
            size="compact-sm"
            mt={4}
            onClick={() => read(scan, true)}
            disabled={!scan.trim()}
          >
            {t('issueForm.scan.read')}
          </Button>
        </div>
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
        <TextField
          name="taxform.passport"
          label={t('issueForm.fields.passport')}
          required
          autoComplete="off"
          onBlur={onPassportBlur}
        />
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
        <TextField
          name="taxform.traveler_dob"
          label={t('issueForm.fields.dateOfBirth')}
          type="date"
          required={required.dateOfBirth}
        />
        <TextField
          name="taxform.traveler_email"
          label={t('issueForm.fields.email')}
          type="email"
          required={required.email}
          autoComplete="off"
        />
        <TextField
          name="taxform.traveler_mobile"
          label={t('issueForm.fields.mobile')}
          type="tel"
          required
          autoComplete="off"
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
