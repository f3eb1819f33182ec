import {
  type AmountRefusal,
  formatMoney,
  fromCents,
  type Language,
  parseAmount,
  STORABLE_AMOUNT_CEILING,
} from '@taxfree/domain';
import { i18n } from './i18n';

/**
 * What an amount input keeps in its form, whatever the interface language: the wire's text
 * (`1234.50`) once the typed text is read, '' when nothing is typed, and the text itself when it
 * cannot be read, so that the form refuses it (`readKeptAmount`) instead of sending 0.00.
 */
export function keptAmount(text: string, language: Language): string {
  const reading = parseAmount(text, language);
  if (reading.ok) return fromCents(reading.cents);
  return reading.reason === 'empty' ? '' : text;
}

export type KeptAmountReading =
  { ok: true; text: string } | { ok: false; reason: Exclude<AmountRefusal, 'empty'> };

/**
 * A kept amount as the form sends it: the wire's text, '' for none, or why the text the clerk
 * typed cannot be read. The wire's text reads the same in every language, so what was kept before
 * a change of language stays readable after it.
 */
export function readKeptAmount(value: string, language: Language): KeptAmountReading {
  const reading = parseAmount(value, language);
  if (reading.ok) return { ok: true, text: fromCents(reading.cents) };
  if (reading.reason === 'empty') return { ok: true, text: '' };
  return { ok: false, reason: reading.reason };
}

/**
 * Why a typed amount was refused, in the language: with an example of how to type one, or the
 * largest amount a form holds.
 */
export function amountRefusalText(
  reason: Exclude<AmountRefusal, 'empty'>,
  language: Language,
): string {
  const options = { ns: 'validation', lng: language } as const;
  if (reason === 'decimals') return i18n.t('amountInvalid', options);
  if (reason === 'tooLarge') {
    return i18n.t('amountTooLarge', {
      ...options,
      maximum: formatMoney(STORABLE_AMOUNT_CEILING, language),
    });
  }
  return i18n.t('amountUnreadable', { ...options, example: formatMoney(123_456, language) });
}
