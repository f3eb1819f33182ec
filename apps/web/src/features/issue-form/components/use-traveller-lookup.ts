import type { KnownTraveller } from '@taxfree/domain';
import { useRef } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { findTraveller } from '../api/find-traveller';
import type { IssueFormValues, TaxFormValues } from '../model/tax-form-values';

type TravellerLookupOptions = {
  companyId: string;
  /** Only a new form looks the passport up: an edited one already has its traveller. */
  isNew: boolean;
  setValue: UseFormSetValue<IssueFormValues>;
};

/** Looks a passport up: the traveller known by it, to offer under the field; null when none. */
export type LookUpPassport = (passport: string) => Promise<KnownTraveller | null>;

/**
 * Fills the traveller's fields (from a scan or a known traveller), and looks a passport up when
 * its field is left or scanned: the traveller section offers what it finds, without asking.
 * Each passport is looked up once; `forget` lets the same passport be looked up again (on the
 * next, blank form).
 */
export function useTravellerLookup({ companyId, isNew, setValue }: TravellerLookupOptions) {
  const lastLookup = useRef('');

  const fill = (patch: Partial<TaxFormValues>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(`taxform.${key as keyof TaxFormValues}`, value, {
        shouldDirty: true,
        shouldTouch: true,
        shouldValidate: true,
      });
    }
  };

  const onPassportBlur: LookUpPassport = async (value) => {
    const passport = value.trim();
    if (!isNew || !passport || passport === lastLookup.current) return null;
    lastLookup.current = passport;
    try {
      return await findTraveller(companyId, passport);
    } catch {
      // The lookup only saves typing: a failure leaves the form as it is.
      return null;
    }
  };

  const forget = () => {
    lastLookup.current = '';
  };

  return { fill, onPassportBlur, forget };
}
