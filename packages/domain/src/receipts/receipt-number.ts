/**
 * A Serbian e-fiscal receipt's number as it is printed on the receipt and read from its code
 * (DOMAIN.md, "Fiscal receipts"): the ids of the requester and the signer, eight letters or digits
 * each, and the count of all receipts the signer signed. No two receipts anywhere share one, so a
 * number of this shape typed on an invoice holds its receipt as a scanned one does. Other numbers
 * typed by hand are not held: Croatia's restart every year, and the same number on another day can be
 * another receipt.
 */
const SERBIAN_RECEIPT_NUMBER = /^[A-Z0-9]{8}-[A-Z0-9]{8}-[1-9]\d{0,9}$/i;

export function isSerbianReceiptNumber(text: string): boolean {
  return SERBIAN_RECEIPT_NUMBER.test(text.trim());
}

/** Croatia's JIR: a UUID. */
export const JIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Croatia's ZKI and Slovenia's ZOI: an MD5 in hex. */
export const PROTECTIVE_CODE = /^[0-9a-f]{32}$/i;

/**
 * Whether a text is a receipt's id as a scan gives it (`receiptIdOf`): a JIR, a ZKI or a ZOI, or
 * a Serbian receipt's number. A form's invoice carries nothing else as its receipt.
 */
export function isReceiptId(text: string): boolean {
  return JIR.test(text) || PROTECTIVE_CODE.test(text) || isSerbianReceiptNumber(text);
}
