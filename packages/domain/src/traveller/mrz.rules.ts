import { parse, type ParseResult } from 'mrz';
import { addDays, isIsoDate, localToday } from '../forms/days.ts';
import { mrzLines } from './mrz-lines.ts';

/**
 * The machine-readable zone of a passport (TD3, 2 × 44) or an ID card (TD1, 3 × 30; TD2, 2 × 36,
 * is read too), as a keyboard-wedge reader types it: lines ended by Enter (\n or \r\n), perhaps
 * with trailing spaces, or pasted as one string of 88 / 90 / 72 characters. Check digits are
 * verified with the `mrz` package. See docs/decisions/005-traveller-scan-formats.md.
 */

/** The traveller fields a scan fills on the issue form. */
export type ScannedTraveller = {
  /** Given names as printed in the zone ('<' → space), not re-cased. */
  name: string;
  surname: string;
  /** The document number (passport or ID card). */
  passport: string;
  /** ISO 3166 alpha-3 (ICAO exceptions mapped, see `icaoToIso3`); null when not a country. */
  nationalityIso3: string | null;
  issuingIso3: string | null;
  /** yyyy-mm-dd; null when the zone leaves day or month unknown ('<<'). */
  dateOfBirth: string | null;
  /** The document's expiry date, yyyy-mm-dd; null when the scan does not carry it. */
  documentExpiry: string | null;
};

/** Why a scan was refused; each is also the key of its message in the `validation` catalogue. */
export type ScanFailure =
  | 'mrzFormatInvalid'
  | 'mrzCheckDigitInvalid'
  | 'mrzFieldInvalid'
  | 'qrFormatInvalid'
  | 'qrVersionUnsupported';

/** The check digits of a zone, each over its own field, and the composite one over them all. */
export const MRZ_CHECKS = [
  'documentNumber',
  'birthDate',
  'expiryDate',
  'personalNumber',
  'composite',
] as const;
export type MrzCheck = (typeof MRZ_CHECKS)[number];

export type ScanRefusal = {
  ok: false;
  reason: ScanFailure;
  /** With mrzCheckDigitInvalid: the check digits that do not match, in the zone's order. */
  checks?: MrzCheck[];
};

export type ScanResult =
  { ok: true; source: 'TD1' | 'TD2' | 'TD3' | 'QR'; traveller: ScannedTraveller } | ScanRefusal;

export type ScanOptions = {
  /** Today as yyyy-mm-dd (default: the local date), for the century of a date of birth. */
  today?: string;
};

/**
 * ICAO 9303 codes that are not ISO 3166 alpha-3 country codes. British categories are mapped to
 * the United Kingdom, Germany's 'D' to DEU, Kosovo's codes to XKK (the user-assigned code the
 * portal's countries table holds for Kosovo). Organisations (UNO, UNA, EUE, X..) and the stateless or refugees (XXA, XXB,
 * XXC, XXX) are no country: null, and the clerk picks the country.
 */
const ICAO_EXCEPTIONS: Readonly<Record<string, string | null>> = {
  D: 'DEU',
  GBD: 'GBR',
  GBN: 'GBR',
  GBO: 'GBR',
  GBP: 'GBR',
  GBS: 'GBR',
  RKS: 'XKK',
  XXK: 'XKK',
  UNK: 'XKK',
  UNO: null,
  UNA: null,
  EUE: null,
};

/** An ICAO 9303 state code ('D<<', 'GBD', 'HRV') as ISO 3166 alpha-3, or null. */
export function icaoToIso3(code: string): string | null {
  const clean = code.replace(/</g, '').trim().toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(clean)) return null;
  if (clean in ICAO_EXCEPTIONS) return ICAO_EXCEPTIONS[clean] ?? null;
  // ISO 3166 assigns no X.. code; ICAO uses them for organisations and special statuses.
  if (clean.startsWith('X') && clean !== 'XKK') return null;
  return clean.length === 3 ? clean : null;
}

/**
 * A date of birth YYMMDD as yyyy-mm-dd, in the century that does not put it in the future
 * (20YY if that is today or earlier, else 19YY). A centenarian born in 1925 reads as 2025 only
 * if that were in the future, which it is not: the rule fails only for people over 100.
 */
export function mrzBirthDate(yymmdd: string, today: string = localToday()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)];
  const recent = `20${yy}-${mm}-${dd}`;
  const date = recent <= today ? recent : `19${yy}-${mm}-${dd}`;
  return isIsoDate(date) ? date : null;
}

/**
 * An expiry date YYMMDD as yyyy-mm-dd: documents are valid for at most ten years, so the century
 * is the one that puts it within fifty years of today (2035 rather than 1935, 1999 rather than 2099).
 */
export function mrzExpiryDate(yymmdd: string, today: string = localToday()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const [yy, mmdd] = [Number(yymmdd.slice(0, 2)), `${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`];
  const century = Math.floor(Number(today.slice(0, 4)) / 100) * 100;
  const candidates = [century - 100, century, century + 100].map((c) => c + yy);
  const year = candidates.reduce((best, y) =>
    Math.abs(y - Number(today.slice(0, 4))) < Math.abs(best - Number(today.slice(0, 4))) ? y : best,
  );
  const date = `${year}-${mmdd}`;
  return isIsoDate(date) ? date : null;
}

/** Fields whose validity we judge ourselves: ICAO codes mrz's table may not know (UTO, new ones). */
const STATE_FIELDS = new Set(['issuingState', 'nationality']);

/** The `mrz` package's name of each check digit. */
const CHECK_FIELDS: Readonly<Record<string, MrzCheck>> = {
  documentNumberCheckDigit: 'documentNumber',
  birthDateCheckDigit: 'birthDate',
  expirationDateCheckDigit: 'expiryDate',
  personalNumberCheckDigit: 'personalNumber',
  compositeCheckDigit: 'composite',
};

/**
 * The check digits that failed, in the zone's order. The composite digit covers the other fields
 * and their digits, so it fails with any of them: it is named only when it fails alone.
 */
function failedChecks(fields: readonly string[]): MrzCheck[] {
  const failed = new Set(fields.map((field) => CHECK_FIELDS[field]));
  const own = MRZ_CHECKS.filter((check) => check !== 'composite' && failed.has(check));
  return own.length > 0 ? own : failed.has('composite') ? ['composite'] : [];
}

/** The `validation` catalogue's message of each failed check digit. */
const CHECK_MESSAGES: Readonly<Record<MrzCheck, string>> = {
  documentNumber: 'mrzCheckDigitDocumentNumber',
  birthDate: 'mrzCheckDigitBirthDate',
  expiryDate: 'mrzCheckDigitExpiryDate',
  personalNumber: 'mrzCheckDigitPersonalNumber',
  composite: 'mrzCheckDigitComposite',
};

/**
 * What a refused scan says, as keys of the `validation` catalogue: one message per failed check
 * digit, else the reason's own. The server's answer and the scan input say the same.
 */
export function scanRefusalMessages(refusal: ScanRefusal): string[] {
  const checks = refusal.checks ?? [];
  return checks.length > 0 ? checks.map((check) => CHECK_MESSAGES[check]) : [refusal.reason];
}

/** Whether the scanned document had expired by `today` (yyyy-mm-dd); the day it expires is valid. */
export function isScannedDocumentExpired(traveller: ScannedTraveller, today: string): boolean {
  return traveller.documentExpiry !== null && traveller.documentExpiry < today;
}

function rawOf(result: ParseResult, field: string): string {
  const detail = result.details.find((d) => d.field === field);
  const range = detail?.ranges[0] as { raw?: string } | undefined;
  return range?.raw ?? '';
}

export function parseMrz(input: string, options: ScanOptions = {}): ScanResult {
  const lines = mrzLines(input);
  if (!lines) return { ok: false, reason: 'mrzFormatInvalid' };
  let result: ParseResult;
  try {
    result = parse(lines);
  } catch {
    return { ok: false, reason: 'mrzFormatInvalid' };
  }
  if (result.format !== 'TD1' && result.format !== 'TD2' && result.format !== 'TD3') {
    return { ok: false, reason: 'mrzFormatInvalid' };
  }
  const invalid = result.details.filter(
    (detail) => !detail.valid && !(detail.field && STATE_FIELDS.has(detail.field)),
  );
  const checkFields = invalid.flatMap((detail) =>
    detail.field?.endsWith('CheckDigit') ? [detail.field] : [],
  );
  if (checkFields.length > 0) {
    const checks = failedChecks(checkFields);
    return checks.length > 0
      ? { ok: false, reason: 'mrzCheckDigitInvalid', checks }
      : { ok: false, reason: 'mrzCheckDigitInvalid' };
  }
  if (invalid.length > 0) return { ok: false, reason: 'mrzFieldInvalid' };

  const issuing = rawOf(result, 'issuingState');
  const nationality = rawOf(result, 'nationality');
  if (![issuing, nationality].every((code) => /^[A-Z][A-Z<]{2}$/.test(code))) {
    return { ok: false, reason: 'mrzFieldInvalid' };
  }
  const passport = result.documentNumber ?? result.fields.documentNumber ?? '';
  const surname = (result.fields.lastName ?? '').trim();
  if (passport === '' || surname === '') return { ok: false, reason: 'mrzFieldInvalid' };

  // Tomorrow, so a baby born today in a time zone ahead of ours is not sent back a century.
  const today = addDays(options.today ?? localToday(), 1);
  const expiry = result.fields.expirationDate ?? '';
  return {
    ok: true,
    source: result.format,
    traveller: {
      name: (result.fields.firstName ?? '').trim(),
      surname,
      passport,
      nationalityIso3: icaoToIso3(nationality),
      issuingIso3: icaoToIso3(issuing),
      dateOfBirth: mrzBirthDate(result.fields.birthDate ?? '', today),
      documentExpiry: mrzExpiryDate(expiry, today),
    },
  };
}
