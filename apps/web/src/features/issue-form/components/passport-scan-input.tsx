import type { CountryOption } from '@taxfree/domain';
import { Button, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanButton } from '@/components/camera/camera-scan-button';
import { focusInOwnDialog } from '@/lib/focus-in-own-dialog';
import type { TaxFormValues } from '../model/tax-form-values';
import { useFocusAfterFill } from './focus-first-empty';
import classes from './issue-form.module.css';
import { ScanFeedback } from './scan-feedback';
import { usePassportScan } from './use-passport-scan';

type PassportScanInputProps = {
  countryList: CountryOption[];
  onFill: (patch: Partial<TaxFormValues>) => void;
};

/**
 * Where a scanner types a passport's zone or a traveller QR code, and what the scan gave. After a
 * scan the focus moves to the first required field still empty, so the clerk types on.
 */
export function PassportScanInput({ countryList, onFill }: PassportScanInputProps) {
  const { t } = useTranslation();
  const scanRef = useRef<HTMLTextAreaElement>(null);
  const [fills, setFills] = useState(0);
  const { scan, outcome, onChange, onKeyDown, readScan, readCode } = usePassportScan({
    countryList,
    onFill,
    onFilled: () => setFills((count) => count + 1),
    // The text stays for the clerk to see, selected: the next scan replaces it.
    onRefused: () => scanRef.current?.select(),
  });

  // The form arrives after its settings: focus starts on the scan input then, ready for a scanner,
  // unless the panel was closed meanwhile and gave the focus back to its opener.
  useEffect(() => focusInOwnDialog(scanRef.current), []);

  useFocusAfterFill(scanRef, fills);

  return (
    <div className={classes.wide}>
      <Textarea
        ref={scanRef}
        label={t('issueForm.scan.label')}
        description={t('issueForm.scan.description')}
        value={scan}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={outcome?.kind === 'refused'}
        rows={2}
        spellCheck={false}
        autoComplete="off"
        data-autofocus
        classNames={{ input: classes.scanInput }}
      />
      {/* Enter in the input reads the scan: the button is for the mouse, not a Tab stop. */}
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        tabIndex={-1}
        onClick={() => readScan()}
        disabled={!scan.trim()}
      >
        {t('issueForm.scan.read')}
      </Button>
      <CameraScanButton
        label={t('camera.scanPassport')}
        hint={t('camera.passportHint')}
        reads="traveller"
        onCode={readCode}
      />
      <ScanFeedback outcome={outcome} />
    </div>
  );
}
