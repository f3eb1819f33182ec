import type { CountryOption } from '@taxfree/domain';
import { Button, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxFormValues } from '../model/tax-form-values';
import classes from './issue-form.module.css';
import { usePassportScan } from './use-passport-scan';

type PassportScanInputProps = {
  countryList: CountryOption[];
  onFill: (patch: Partial<TaxFormValues>) => void;
};

/** Where a scanner types a passport's zone or a traveller QR code, and the button that reads it. */
export function PassportScanInput({ countryList, onFill }: PassportScanInputProps) {
  const { t } = useTranslation();
  const { scan, error, onChange, onKeyDown, readScan } = usePassportScan(countryList, onFill);
  const scanRef = useRef<HTMLTextAreaElement>(null);

  // The form arrives after its settings: focus starts on the scan input then, ready for a scanner.
  useEffect(() => {
    scanRef.current?.focus();
  }, []);

  return (
    <div className={classes.wide}>
      <Textarea
        ref={scanRef}
        label={t('issueForm.scan.label')}
        description={t('issueForm.scan.description')}
        value={scan}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
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
        onClick={() => readScan()}
        disabled={!scan.trim()}
      >
        {t('issueForm.scan.read')}
      </Button>
    </div>
  );
}
