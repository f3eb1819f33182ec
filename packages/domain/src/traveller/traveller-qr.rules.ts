import { addDays, isIsoDate, localToday } from '../forms/days.ts';
import type { ScannedTraveller, ScanOptions, ScanResult } from './mrz.rules.ts';

/**
 * Our QR payload for a traveller (docs/decisions/005-traveller-scan-formats.md), version 1:
 *
 *   TFT1|<surname>|<name>|<passport>|<nationality>|<issuing country>|<date of birth>
 *
 * - `TFT1`: "tax-free traveller", format version 1. A reader refuses other versions by name
 *   (`qrVersionUnsupported`), so a later TFT2 can add fields without being misread.
 * - Exactly seven fields separated by '|'. Each field is percent-encoded as UTF-8
 *   (encodeURIComponent), so names with č, ć, đ, š, ž, ü… and a literal '|' or '%' survive, and
 *   the payload itself stays ASCII, which keyboard-wedge QR readers type most reliably.
 * - surname and passport are required; name may be empty (single-name travellers).
 * - nationality and issuing country: ISO 3166 alpha-3 in capitals, or empty.
 * - date of birth: yyyy-mm-dd, or empty; never in the future.
 *
 * Example: TFT1|ERIKSSON|ANNA%20MARIA|L898902C3|UTO|UTO|1974-08-12
 */
export const TRAVELLER_QR_PREFIX = 'TFT';
export const TRAVELLER_QR_VERSION = 1;

const SEPARATOR = '|';

/** Whether a scan looks like our QR payload (of any version) rather than an MRZ. */
export function isTravellerQr(input: string): boolean {
  return /^TFT\d+\|/i.test(input.trim());
}

export function formatTravellerQr(traveller: ScannedTraveller): string {
  return [
    `${TRAVELLER_QR_PREFIX}${TRAVELLER_QR_VERSION}`,
    traveller.surname,
    traveller.name,
    traveller.passport,
    traveller.nationalityIso3 ?? '',
    traveller.issuingIso3 ?? '',
    traveller.dateOfBirth ?? '',
  ]
    .map((field, index) => (index === 0 ? field : encodeURIComponent(field.trim())))
    .join(SEPARATOR);
}

function decode(field: string): string | null {
  try {
    return decodeURIComponent(field).trim();
  } catch {
    return null;
  }
}

export function parseTravellerQr(input: string, options: ScanOptions = {}): ScanResult {
  const text = input.trim();
  const version = /^TFT(\d+)\|/i.exec(text);
  if (!version) return { ok: false, reason: 'qrFormatInvalid' };
  if (Number(version[1]) !== TRAVELLER_QR_VERSION) {
    return { ok: false, reason: 'qrVersionUnsupported' };
  }
  const fields = text.split(SEPARATOR).slice(1).map(decode);
  if (fields.length !== 6 || fields.some((field) => field === null)) {
    return { ok: false, reason: 'qrFormatInvalid' };
  }
  const [surname, name, passport, nationality, issuing, dob] = fields as string[];
  const country = (code = '') => (code === '' ? null : code.toUpperCase());
  const tomorrow = addDays(options.today ?? localToday(), 1);
  const valid =
    surname !== '' &&
    passport !== '' &&
    [nationality, issuing].every((code) => code === '' || /^[A-Za-z]{3}$/.test(code ?? '')) &&
    (dob === '' || (isIsoDate(dob ?? '') && (dob ?? '') <= tomorrow));
  if (!valid) return { ok: false, reason: 'qrFormatInvalid' };
  return {
    ok: true,
    source: 'QR',
    traveller: {
      surname: surname ?? '',
      name: name ?? '',
      passport: (passport ?? '').toUpperCase(),
      nationalityIso3: country(nationality),
      issuingIso3: country(issuing),
      dateOfBirth: dob === '' ? null : (dob ?? null),
      documentExpiry: null,
    },
  };
}
