import { useTranslation } from 'react-i18next';

/**
 * The VAT rates a line or row offers: the company's rates, and any other rate the form already
 * holds (an edited form may carry a rate the company no longer has).
 */
export function useRateOptions(rates: number[], used: readonly string[]) {
  const { t } = useTranslation();
  const all = new Set(rates);
  for (const rate of used) {
    if (rate !== '') all.add(Number(rate));
  }
  return [...all].map((rate) => ({
    value: String(rate),
    label: t('issueForm.table.rateOption', { rate }),
  }));
}
