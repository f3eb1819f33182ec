import { Button, Fieldset, Group, NumberInput, Text } from '@mantine/core';
import {
  DEFAULT_MAP_VIEW,
  formatLocation,
  parseLocation,
  type ShopLocation,
} from '@taxfree/domain';
import { useCallback, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationMap } from './location-map';
import classes from './shop.module.css';

/** Six decimals: about 10 cm, more than a click on the map can tell. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

type Axis = 'latitude' | 'longitude';
const LIMITS: Record<Axis, number> = { latitude: 90, longitude: 180 };

type LocationFieldProps = {
  /** The location as the API keeps it: JSON text, or empty for none. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: ReactNode;
};

/**
 * The shop's location: picked on the map, or typed as latitude and longitude (for keyboards and
 * screen readers, which cannot click a map). Kept as the API's JSON text.
 */
export function LocationField({ value, onChange, error }: LocationFieldProps) {
  const { t } = useTranslation();
  const location = parseLocation(value);

  const pick = useCallback(
    (next: ShopLocation) =>
      onChange(
        formatLocation({ latitude: round(next.latitude), longitude: round(next.longitude) }),
      ),
    [onChange],
  );

  // A coordinate is taken when it is complete (on leaving the box or on Enter), never half-typed.
  const commit = (axis: Axis, text: string) => {
    const number = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(number) || Math.abs(number) > LIMITS[axis]) return;
    const base = location ?? DEFAULT_MAP_VIEW;
    pick({ latitude: base.latitude, longitude: base.longitude, [axis]: number });
  };
  const coordinate = (axis: Axis) => ({
    label: t(`shop.${axis}`),
    defaultValue: location?.[axis] ?? '',
    min: -LIMITS[axis],
    max: LIMITS[axis],
    decimalScale: 6,
    hideControls: true,
    size: 'md',
    onBlur: (event: { currentTarget: HTMLInputElement }) => commit(axis, event.currentTarget.value),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      commit(axis, event.currentTarget.value);
    },
  });

  return (
    <Fieldset
      legend={t('shop.location')}
      variant="unstyled"
      classNames={{ root: classes.fieldset, legend: classes.legend }}
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('shop.locationHint')}
      </Text>
      <LocationMap location={location} onPick={pick} />
      <Group grow mt="xs" align="flex-start">
        {/* Remounted when the location changes elsewhere (a click), to show the new value. */}
        <NumberInput key={`lat:${location?.latitude ?? ''}`} {...coordinate('latitude')} />
        <NumberInput key={`lng:${location?.longitude ?? ''}`} {...coordinate('longitude')} />
      </Group>
      <Group justify="space-between" mt="xs">
        <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? (location ? null : t('shop.noLocation'))}
        </Text>
        {location && (
          <Button variant="subtle" size="xs" onClick={() => onChange(null)}>
            {t('shop.removeLocation')}
          </Button>
        )}
      </Group>
    </Fieldset>
  );
}
