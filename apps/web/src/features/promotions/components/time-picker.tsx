import { Input, NativeSelect } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseTime } from '../model/promotion-form';
import classes from './promotions.module.css';

const pad = (value: number) => String(value).padStart(2, '0');
const range = (count: number) => Array.from({ length: count }, (_, index) => pad(index));
/** Hours 00–23, minutes and seconds 00–59 (SPEC 5, time picker). */
const HOURS = range(24);
const SIXTY = range(60);

type TimePickerProps = {
  label: ReactNode;
  /** 'HH:mm:ss' */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  disabled?: boolean;
};

/** A time of day as three lists (hours, minutes, seconds): nothing to mistype, no AM/PM. */
export function TimePicker({ label, value, onChange, onBlur, error, disabled }: TimePickerProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const [hours = '00', minutes = '00', seconds = '00'] = normaliseTime(value).split(':');
  const set = (part: 0 | 1 | 2) => (next: string) => {
    const parts = [hours, minutes, seconds];
    parts[part] = next;
    onChange(parts.join(':'));
  };
  const select = (part: 0 | 1 | 2, current: string, options: string[], name: string) => (
    <NativeSelect
      aria-label={name}
      size="md"
      data={options}
      value={current}
      onChange={(event) => set(part)(event.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      className={classes.timePart}
    />
  );

  return (
    <Input.Wrapper label={label} error={error} labelElement="div" labelProps={{ id: groupId }}>
      <div role="group" aria-labelledby={groupId} className={classes.timeParts}>
        {select(0, hours, HOURS, t('promotions.time.hours'))}
        <span aria-hidden>:</span>
        {select(1, minutes, SIXTY, t('promotions.time.minutes'))}
        <span aria-hidden>:</span>
        {select(2, seconds, SIXTY, t('promotions.time.seconds'))}
      </div>
    </Input.Wrapper>
  );
}
