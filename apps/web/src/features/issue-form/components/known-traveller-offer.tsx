import { Button, CloseButton, Kbd, Text } from '@mantine/core';
import type { KnownTraveller } from '@taxfree/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import classes from './known-traveller.module.css';

/** The shortcut that uses the offer from anywhere in the form (its code, whatever the layout). */
function isUseShortcut(event: KeyboardEvent) {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyU';
}

type KnownTravellerOfferProps = {
  traveller: KnownTraveller;
  onUse: () => void;
  onDismiss: () => void;
};

/**
 * "Ana Horvat, born 12.03.1985, last form 02.11.2026 — Use (Alt+U)": a known traveller offered
 * under the passport field. Alt+U uses it from any field of the form, so the clerk types on; the
 * buttons do the same with the mouse.
 */
export function KnownTravellerOffer({ traveller, onUse, onDismiss }: KnownTravellerOfferProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const form = ref.current?.closest('form');
      const isInForm = !form || (event.target instanceof Node && form.contains(event.target));
      if (!isInForm || !isUseShortcut(event)) return;
      event.preventDefault();
      onUse();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onUse]);

  const name = `${traveller.traveler_name} ${traveller.traveler_surname}`.trim();
  const details = [
    name,
    traveller.traveler_dob &&
      t('issueForm.knownTraveller.born', { date: formatDate(traveller.traveler_dob) }),
    traveller.last_form_date &&
      t('issueForm.knownTraveller.lastForm', { date: formatDate(traveller.last_form_date) }),
  ].filter(Boolean);

  return (
    <div ref={ref} className={classes.offer} data-testid="known-traveller">
      <Text size="sm" className={classes.offerText}>
        <Text span size="sm" fw={600} mr={6}>
          {t('issueForm.knownTraveller.title')}
        </Text>
        {details.join(', ')}
      </Text>
      <Button
        size="compact-sm"
        variant="filled"
        aria-keyshortcuts="Alt+U"
        onClick={onUse}
        rightSection={<Kbd size="xs">{t('issueForm.knownTraveller.shortcut')}</Kbd>}
      >
        {t('issueForm.knownTraveller.use')}
      </Button>
      <CloseButton
        size="sm"
        aria-label={t('issueForm.knownTraveller.dismiss')}
        onClick={onDismiss}
      />
    </div>
  );
}
