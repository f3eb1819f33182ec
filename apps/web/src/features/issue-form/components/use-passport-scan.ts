import { type CountryOption, isTravellerQr, localToday, parseTravellerScan } from '@taxfree/domain';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxFormValues } from '../model/tax-form-values';

/**
 * The scan input's text and its error: a passport's machine-readable zone or a traveller QR code
 * read into the traveller's fields (name, surname, passport, countries, date of birth, and the
 * document's expiry date).
 */
export function usePassportScan(
  countryList: CountryOption[],
  onFill: (patch: Partial<TaxFormValues>) => void,
) {
  const { t: tv } = useTranslation('validation');
  const [scan, setScan] = useState('');
  const [error, setError] = useState<string | null>(null);

  const idOf = (iso3: string | null) => {
    if (!iso3) return undefined;
    const country = countryList.find((c) => c.ISO3 === iso3);
    return country ? String(country.id) : undefined;
  };

  /** Reads the scan; true when it filled the traveller. */
  const read = (input: string, reportFailure: boolean): boolean => {
    const result = parseTravellerScan(input.trim(), { today: localToday() });
    if (!result.ok) {
      if (reportFailure) setError(tv(result.reason));
      return false;
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
    setError(null);
    return true;
  };

  // A keyboard-wedge scanner types each line of the zone followed by Enter: Enter reads the scan
  // once it is complete, and otherwise starts the zone's next line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    const value = event.currentTarget.value.trim();
    if (!value) {
      event.preventDefault();
      return;
    }
    const lines = value.split('\n').length;
    const isLast = isTravellerQr(value) || lines >= 3;
    if (read(value, isLast) || isLast) event.preventDefault();
  };

  const onChange = (value: string) => {
    setScan(value);
    setError(null);
  };

  return { scan, error, onChange, onKeyDown, readScan: () => read(scan, true) };
}
