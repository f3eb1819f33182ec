/**
 * A form's barcode: 15 digits = company id (5) + serial (9) + Luhn check digit (1).
 * It embeds the company, so it is unique across companies, and the check digit catches a
 * mistyped digit or most swapped neighbours.
 */
export const BARCODE_LENGTH = 15;

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeBarcode(companyId: number, serial: number): string {
  if (!Number.isInteger(companyId) || companyId < 1 || companyId > 99_999) {
    throw new RangeError('Company id out of barcode range');
  }
  if (!Number.isInteger(serial) || serial < 1 || serial > 999_999_999) {
    throw new RangeError('Serial out of barcode range');
  }
  const body = `${String(companyId).padStart(5, '0')}${String(serial).padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

export function isValidBarcode(barcode: string): boolean {
  if (!/^\d{15}$/.test(barcode)) return false;
  return luhnCheckDigit(barcode.slice(0, -1)) === Number(barcode.at(-1));
}
