import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormStatusLookup } from '../api/form-status';

type FormStatusLookupFormProps = {
  initial: FormStatusLookup;
  isSubmitting: boolean;
  onSubmit: (values: FormStatusLookup) => void;
};

/** The form number and the verification code, both printed on the form and sent in its e-mail. */
export function FormStatusLookupForm({
  initial,
  isSubmitting,
  onSubmit,
}: FormStatusLookupFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [isChecked, setIsChecked] = useState(false);
  const missing = (value: string) =>
    isChecked && value.trim() === '' ? t('required', { ns: 'validation' }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (values.barcode.trim() && values.code.trim()) onSubmit(values);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('publicStatus.barcode')}
          description={t('publicStatus.barcodeHint')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          size="md"
          value={values.barcode}
          error={missing(values.barcode)}
          onChange={(event) => {
            const barcode = event.currentTarget.value;
            setValues((current) => ({ ...current, barcode }));
          }}
        />
        <TextInput
          label={t('publicStatus.code')}
          description={t('publicStatus.codeHint')}
          withAsterisk
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          size="md"
          styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.15em' } }}
          value={values.code}
          error={missing(values.code)}
          onChange={(event) => {
            const code = event.currentTarget.value;
            setValues((current) => ({ ...current, code }));
          }}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('publicStatus.submit')}
        </Button>
      </Stack>
    </form>
  );
}
