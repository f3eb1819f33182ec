import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { BARCODE_LENGTH, isValidBarcode, type TaxFormListItem } from '@taxfree/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useOpenedAfterMount } from '@/hooks/use-opened-after-mount';
import { useSession } from '@/hooks/use-session';
import { useCurrency } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import { useFindFormByBarcode } from '../api/tax-form-stages';
import { STAGE_PANELS, type StagePanel } from '../form/tax-form-panel';
import { FormSummary } from '../form/tax-form-summary';
import {
  nextStep,
  StepBlockNote,
  stepBlock,
  useShopToday,
  type StepBlock,
} from '../form/step-block';

/** What is wrong with a scanned barcode, as a key of the `validation` catalogue; null when none. */
export function barcodeProblem(
  barcode: string,
): 'barcodeRequired' | 'barcodeLength' | 'barcodeCheckDigit' | null {
  if (barcode === '') return 'barcodeRequired';
  if (!new RegExp(`^\\d{${BARCODE_LENGTH}}$`).test(barcode)) return 'barcodeLength';
  return isValidBarcode(barcode) ? null : 'barcodeCheckDigit';
}

type ScanFormDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The form was found and has a next step: its panel opens. */
  onFound: (panel: StagePanel, form: TaxFormListItem) => void;
};

/**
 * Scan returned form: a hand scanner types the barcode's digits and Enter; the form's next step
 * opens at once, or the dialog says in an alert why nothing can be recorded on it (a barcode
 * mistyped or misread, no form of the shop with it, a form past its last step).
 */
export function ScanFormDialog({ opened: isAsked, onClose, onFound }: ScanFormDialogProps) {
  const { t } = useTranslation();
  // Mounted at its first opening, it opens a frame later, so that it notes the focus to give back.
  const opened = useOpenedAfterMount(isAsked);
  const session = useSession();
  const today = useShopToday();
  const find = useFindFormByBarcode(session);
  const currency = useCurrency(opened ? session : null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [barcode, setBarcode] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof barcodeProblem>>(null);
  const [blocked, setBlocked] = useState<{ form: TaxFormListItem; block: StepBlock } | null>(null);
  const [isNotFound, setIsNotFound] = useState(false);

  const reset = () => {
    setBarcode('');
    setProblem(null);
    setBlocked(null);
    setIsNotFound(false);
    find.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scanned = barcode.replace(/\s/g, '');
    setBlocked(null);
    setIsNotFound(false);
    const found = barcodeProblem(scanned);
    setProblem(found);
    // A scan again replaces what is in the field.
    if (found) inputRef.current?.select();
    if (found || find.isPending) return;
    find.mutate(scanned, {
      onSuccess: (form) => {
        if (!form) {
          setIsNotFound(true);
          inputRef.current?.select();
          return;
        }
        const next = nextStep(form, today);
        if (next) {
          reset();
          onFound(STAGE_PANELS[next], form);
          return;
        }
        setBlocked({ form, block: stepBlock(form, null, today) ?? { reason: 'paid' } });
        inputRef.current?.select();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('formActions.scan.title')}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            ref={inputRef}
            label={t('formActions.scan.barcode')}
            description={t('formActions.scan.hint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            data-autofocus
            value={barcode}
            onChange={(event) => setBarcode(event.currentTarget.value)}
            // Marked here, said in the alert below: announced at once, while the clerk scans again.
            error={problem !== null}
          />
          {problem && <FormAlert>{t(problem, { ns: 'validation' })}</FormAlert>}
          {isNotFound && <FormAlert>{t('formActions.scan.notFound')}</FormAlert>}
          {find.isError && <FormAlert>{errorMessage(find.error)}</FormAlert>}
          {blocked && (
            <>
              <FormSummary form={blocked.form} currency={currency.data ?? ''} />
              <StepBlockNote block={blocked.block} />
            </>
          )}
          <Button type="submit" loading={find.isPending}>
            {t('formActions.scan.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
