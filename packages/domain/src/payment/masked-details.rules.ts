import { normaliseIban } from './bank.rules.ts';
import { checkCardNumber, type CardType, normaliseCardNumber } from './card.rules.ts';

/**
 * Card numbers and IBANs shown masked: the form keeps them encrypted and only their last four
 * characters in clear, so the list, the Issue / Update panel and the printed form show them
 * masked. A masked value sent back unchanged means "keep what is stored".
 */

/** The character that hides a digit or letter. */
export const MASK_CHARACTER = '•';

/** Whether a card number or IBAN is a masked one, as shown (so: keep the stored value). */
export function isMasked(value: string | null | undefined): boolean {
  return value?.includes(MASK_CHARACTER) ?? false;
}

/** The value to store: the one sent, or the stored one when the one sent is still masked. */
export function keepStoredIfMasked(sent: string, stored: () => string | null): string {
  return isMasked(sent) ? (stored() ?? sent) : sent;
}

/** Where the groups of a printed card number start, by type (Amex and Diners: 4-6-5/4-6-4). */
function gapsOf(type: CardType | null): number[] {
  return type === 'amex' || type === 'dinersclub' ? [4, 10] : [4, 8, 12];
}

/**
 * The card number with all but the last four digits hidden, grouped as printed on the card:
 * '4111111111111111' → '•••• •••• •••• 1111'.
 */
export function maskCardNumber(input: string): string {
  const digits = normaliseCardNumber(input);
  const visible = digits.length > 4 ? 4 : 0;
  const masked =
    MASK_CHARACTER.repeat(digits.length - visible) + digits.slice(digits.length - visible);
  const gaps = gapsOf(checkCardNumber(digits).type).filter((gap) => gap < masked.length);
  return [0, ...gaps]
    .map((start, index) => masked.slice(start, gaps[index] ?? masked.length))
    .join(' ');
}

/** A masked card number from the last four digits alone (what is kept in clear at rest). */
export function maskCardLast4(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** A masked IBAN from the last four characters alone (what is kept in clear at rest). */
export function maskIbanLast4(last4: string): string {
  return `•••• ${last4}`;
}

/** Country code, check digits and the last four characters: 'HR12 •••• 0160'. */
export function maskIban(input: string): string {
  const iban = normaliseIban(input);
  if (iban.length <= 8) return MASK_CHARACTER.repeat(iban.length);
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
