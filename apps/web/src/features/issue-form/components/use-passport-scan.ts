import {
  type CountryOption,
  isPartialMrz,
  isScannedDocumentExpired,
  isTravellerQr,
  localToday,
  parseTravellerScan,
  type ScanResult,
  scanRefusalMessages,
} from '@taxfree/domain';
import { useState, type KeyboardEvent } from 'react';
import type { TaxFormValues } from '../model/tax-form-values';

/** A traveller field a scan can fill, as the confirmation names it. */
export type FilledField =
  'name' | 'surname' | 'passport' | 'nationality' | 'issuingCountry' | 'dateOfBirth' | 'expiry';

/** What a scan gave: the fields it filled, or why it filled nothing (keys of `validation`). */
export type ScanOutcome =
  | {
      kind: 'filled';
      source: Extract<ScanResult, { ok: true }>['source'];
      fields: FilledField[];
      /** The document's expiry date (yyyy-mm-dd) when it had expired by today; else null. */
      expiredOn: string | null;
    }
  | { kind: 'refused'; messages: string[] };

/** The fields a scan fills, in the order the confirmation names them. */
const FILLED_FIELDS: readonly (readonly [keyof TaxFormValues, FilledField])[] = [
  ['traveler_name', 'name'],
  ['traveler_surname', 'surname'],
  ['passport', 'passport'],
  ['nationality', 'nationality'],
  ['issued_govt', 'issuingCountry'],
  ['traveler_dob', 'dateOfBirth'],
  ['passport_expiry', 'expiry'],
];

type PassportScanOptions = {
  countryList: CountryOption[];
  onFill: (patch: Partial<TaxFormValues>) => void;
  /** After a scan filled the traveller (the form shows the new values by then). */
  onFilled: () => void;
  /** After a scan was refused: the next scan should replace what is in the input. */
  onRefused: () => void;
};

/**
 * The scan input's text and what the last scan gave: a passport's or ID card's machine-readable
 * zone, or a traveller QR code, read into the traveller's fields (name, surname, passport,
 * countries, date of birth, and the document's expiry date), or refused with the domain's reasons
 * (each failed check digit by name), as the server's scanTraveller answer gives them.
 */
export function usePassportScan({ countryList, onFill, onFilled, onRefused }: PassportScanOptions) {
  const [scan, setScan] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);

  const idOf = (iso3: string | null) => {
    if (!iso3) return undefined;
    const country = countryList.find((c) => c.ISO3 === iso3);
    return country ? String(country.id) : undefined;
  };

  const read = (input: string) => {
    const today = localToday();
    const result = parseTravellerScan(input.trim(), { today });
    if (!result.ok) {
      setOutcome({ kind: 'refused', messages: scanRefusalMessages(result) });
      onRefused();
      return;
    }
    const { traveller } = result;
    const patch: Partial<TaxFormValues> = {
      traveler_name: traveller.name,
      traveler_surname: traveller.surname,
      passport: traveller.passport,
    };
    const issuing = idOf(traveller.issuingIso3);
    const nationality = idOf(traveller.nationalityIso3);
    if (issuing) patch.issued_govt = issuing;
    if (nationality) patch.nationality = nationality;
    if (traveller.dateOfBirth) patch.traveler_dob = traveller.dateOfBirth;
    if (traveller.documentExpiry) patch.passport_expiry = traveller.documentExpiry;
    onFill(patch);
    setScan('');
    setOutcome({
      kind: 'filled',
      source: result.source,
      fields: FILLED_FIELDS.filter(([key]) => Boolean(patch[key])).map(([, field]) => field),
      expiredOn: isScannedDocumentExpired(traveller, today) ? traveller.documentExpiry : null,
    });
    onFilled();
  };

  // A keyboard-wedge reader types each line of the zone followed by Enter, or the whole zone run
  // together and Enter: Enter after the first lines of a zone starts its next line, and otherwise
  // reads the scan and says what it gave.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    const value = event.currentTarget.value;
    if (value.trim() && !isTravellerQr(value) && isPartialMrz(value)) return;
    event.preventDefault();
    if (value.trim()) read(value);
  };

  // A new scan starts: what the last one gave no longer applies to the input.
  const onChange = (value: string) => {
    setScan(value);
    setOutcome(null);
  };

  return { scan, outcome, onChange, onKeyDown, readScan: () => read(scan), readCode: read };
}
