import type { KnownTraveller } from '@taxfree/domain';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { travellerPatch } from '../model/tax-form-payload';
import type { IssueFormValues, TaxFormValues } from '../model/tax-form-values';
import type { LookUpPassport } from './use-traveller-lookup';

const samePassport = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The known traveller offered under the passport field: looked up when the passport is left or
 * scanned, shown while the field still holds that passport, used (their details fill the form)
 * or dismissed. Nothing moves the focus.
 */
export function useKnownTravellerOffer(
  lookUp: LookUpPassport,
  onFill: (patch: Partial<TaxFormValues>) => void,
) {
  const { control, getValues } = useFormContext<IssueFormValues>();
  const passport = useWatch({ control, name: 'taxform.passport' }) ?? '';
  const [offer, setOffer] = useState<KnownTraveller | null>(null);
  const [usedFor, setUsedFor] = useState<string | null>(null);

  // An offer belongs to the passport it was found by: another passport (or a new form) ends it.
  const shown = offer && samePassport(offer.passport, passport) ? offer : null;

  const lookFor = (value: string) => {
    void lookUp(value).then((found) => {
      if (found && samePassport(getValues('taxform.passport') ?? '', value)) {
        setOffer(found);
        setUsedFor(null);
      }
    });
  };

  const use = () => {
    if (!shown) return;
    onFill(travellerPatch(shown));
    setOffer(null);
    setUsedFor(passport);
  };

  return {
    offer: shown,
    isUsed: usedFor !== null && samePassport(usedFor, passport),
    lookFor,
    use,
    dismiss: () => setOffer(null),
  };
}

export type KnownTravellerOfferState = ReturnType<typeof useKnownTravellerOffer>;
