/**
 * Card numbers and IBANs shown masked: the form keeps them encrypted and only their last four
 * characters in clear, so the list, the Issue / Update panel and the printed form show them
 * masked. A masked value sent back unchanged means "keep what is stored".
 */

/** The character that hides a digit or letter. */
const MASK_CHARACTER = '•';
const HIDDEN_GROUP = MASK_CHARACTER.repeat(4);

/** Whether a card number or IBAN is a masked one, as shown (so: keep the stored value). */
export function isMasked(value: string | null | undefined): boolean {
  return value?.includes(MASK_CHARACTER) ?? false;
}

/** The value to store: the one sent, or the stored one when the one sent is still masked. */
export function keepStoredIfMasked(sent: string, stored: () => string | null): string {
  return isMasked(sent) ? (stored() ?? sent) : sent;
}

/** A masked card number from the last four digits alone (what is kept in clear at rest). */
export function maskCardLast4(last4: string): string {
  return `${HIDDEN_GROUP} ${HIDDEN_GROUP} ${HIDDEN_GROUP} ${last4}`;
}

/** A masked IBAN from the last four characters alone (what is kept in clear at rest). */
export function maskIbanLast4(last4: string): string {
  return `${HIDDEN_GROUP} ${last4}`;
}
