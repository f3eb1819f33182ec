import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextField } from './fields';
import { KnownTravellerOffer } from './known-traveller-offer';
import type { KnownTravellerOfferState } from './use-known-traveller-offer';

/**
 * The passport number, and under it the known traveller it names, announced politely: the offer
 * never takes the focus from the field the clerk is typing in.
 */
export function PassportField({ known }: { known: KnownTravellerOfferState }) {
  const { t } = useTranslation();
  return (
    <div>
      <TextField
        name="taxform.passport"
        label={t('issueForm.fields.passport')}
        required
        autoComplete="off"
        onBlur={known.lookFor}
      />
      <div aria-live="polite">
        {known.offer && (
          <KnownTravellerOffer
            traveller={known.offer}
            onUse={known.use}
            onDismiss={known.dismiss}
          />
        )}
        {known.isUsed && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('issueForm.knownTraveller.used')}
          </Text>
        )}
      </div>
    </div>
  );
}
