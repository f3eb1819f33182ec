import { useRef } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { findTraveller } from '../api/find-traveller';
import { travellerPatch } from '../model/tax-form-payload';
import type { IssueFormValues, TaxFormValues } from '../model/tax-form-values';

type TravellerLookupOptions = {
  companyId: string;
  /** Only a new form looks the passport up: an edited one already has its traveller. */
  isNew: boolean;
  setValue: UseFormSetValue<IssueFormValues>;
};

/**
 * Fills the traveller's fields (from a scan or a known passport), and offers a known traveller's
 * details from an earlier form when the passport field is left. `forget` lets the same passport
 * be looked up again (on the next, blank form).
 */
export function useTravellerLookup({ companyId, isNew, setValue }: TravellerLookupOptions) {
  const { t } = useTranslation();
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

  const onPassportBlur = (value: string) => {
    const passport = value.trim();
    if (!isNew || !passport || passport === lastLookup.current) return;
    lastLookup.current = passport;
    findTraveller(companyId, passport)
      .then(async (traveller) => {
        if (!traveller) return;
        const name = `${traveller.traveler_name} ${traveller.traveler_surname}`.trim();
        const accepted = await confirmDialog({
          title: t('issueForm.knownTraveller.title'),
          message: t('issueForm.knownTraveller.message', { passport, name }),
          confirmLabel: t('issueForm.knownTraveller.fill'),
          cancelLabel: t('issueForm.knownTraveller.skip'),
        });
        if (accepted) fill(travellerPatch(traveller));
      })
      // The lookup only saves typing: a failure leaves the form as it is.
      .catch(() => undefined);
  };

  const forget = () => {
    lastLookup.current = '';
  };

  return { fill, onPassportBlur, forget };
}
