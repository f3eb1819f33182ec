import cardValidator from 'card-validator';

/**
 * Card numbers for the refund by card (option2): type detection and validity by length and Luhn
 * per type (SPEC 5), with card-validator. Spaces and dashes in the input are ignored.
 */

/** The card types the counter accepts, each with its card-type image in the UI (SPEC 5). */
export const CARD_TYPES = [
  'visa',
  'mastercard',
  'amex',
  'maestro',
  'discover',
  'dinersclub',
  'jcb',
  'unionpay',
  'dankort',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Brand names, as printed on the cards (alt texts of the card-type images; not translated). */
export const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  dinersclub: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  dankort: 'Dankort',
};

/** card-validator's names → ours (the SPEC's names, which the card images are named after). */
const FROM_LIBRARY: Readonly<Record<string, CardType>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  maestro: 'maestro',
  discover: 'discover',
  'diners-club': 'dinersclub',
  jcb: 'jcb',
  unionpay: 'unionpay',
  dankort: 'dankort',
};

const { creditCardType } = cardValidator;

/**
 * Dankort (Denmark) is not in card-validator: numbers start 5019, have 16 digits and pass Luhn.
 * card-validator prefers the longest matching prefix, and Maestro claims 500000–504174 with six
 * digits, so Dankort is registered as the six-digit range 501900–501999 and tried first.
 * The registry is module state shared by every user of credit-card-type, so it is (re)applied
 * before each check rather than trusted to still be there.
 */
function ensureDankort(): void {
  try {
    if (creditCardType.getTypeInfo('dankort')) return;
  } catch {
    // not registered (getTypeInfo throws or returns nothing for an unknown type)
  }
  creditCardType.addCard({
    niceType: 'Dankort',
    type: 'dankort',
    patterns: [[501900, 501999]],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: 'CVV', size: 3 },
  });
  creditCardType.changeOrder('dankort', 0);
}

export type CardCheck = {
  /** Null while the type cannot be told yet, or for a type the counter does not accept. */
  type: CardType | null;
  /** Complete: a known type, a length of that type, and the Luhn check digit. */
  isValid: boolean;
  /** Could still become valid as more digits are typed. */
  isPotentiallyValid: boolean;
};

/** Digits only: spaces and dashes, as printed or typed, removed. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Checks a card number. UnionPay numbers are not required to pass Luhn (some issued UnionPay cards
 * do not; card-validator's default), every other type is.
 */
export function checkCardNumber(input: string): CardCheck {
  ensureDankort();
  const result = cardValidator.number(normaliseCardNumber(input));
  const type = result.card ? (FROM_LIBRARY[result.card.type] ?? null) : null;
  if (result.card && type === null) {
    // A brand the counter does not take (Mir, Elo, Troy, …).
    return { type: null, isValid: false, isPotentiallyValid: false };
  }
  return { type, isValid: result.isValid, isPotentiallyValid: result.isPotentiallyValid };
}

export function isValidCardNumber(input: string): boolean {
  return checkCardNumber(input).isValid;
}
