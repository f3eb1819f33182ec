import type { Language } from '@taxfree/domain';
import { htmlLang } from '@/lib/language';

/**
 * An amount as the traveller's language writes money: `27,60 €` in Croatian, `€27.60` in
 * English. An unknown currency code falls back to the number and the code.
 */
export function formatMoney(amount: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(htmlLang(language), { style: 'currency', currency }).format(
      amount,
    );
  } catch {
    const number = new Intl.NumberFormat(htmlLang(language), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
    return `${number} ${currency}`;
  }
}
