import { ActionIcon, Loader, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type FocusEvent, lazy, type Ref, Suspense, useRef, useState } from 'react';
import { dayPatternOf, readDay, writeDay, writeIsoDay } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { IconCalendar } from '@/components/icons';
import { useLanguage } from '@/hooks/use-language';

// The calendar, @mantine/dates and its styles load when a calendar is first opened: a clerk who
// types the date never fetches them.
const DateCalendar = lazy(async () => ({
  default: (await import('./date-calendar')).DateCalendar,
}));

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** yyyy-mm-dd, as dates travel; '' for none; text that is no day, as it was typed. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last day the calendar offers (yyyy-mm-dd). */
  min?: string;
  max?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A day, shown and typed in the interface language's figures (27.11.2026; 27/11/2026 in English,
 * French and Spanish) whatever the browser's language, and kept as yyyy-mm-dd. The clerk types
 * it (27.11.2026, 27112026 or 2026-11-27 are read too) or picks it from a calendar (the button, or
 * Alt+↓). Text that is no day stays as typed, with a message showing how to type one, and the
 * form's schema refuses it.
 */
export function DateField({
  value,
  onChange,
  onFocus,
  onBlur,
  onKeyDown,
  error,
  min,
  max,
  ref,
  disabled,
  readOnly,
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(ref, input);
  // What the clerk has typed since the field took the focus; until then, the day as written.
  const [typing, setTyping] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const kept = value ?? '';
  const written = writeIsoDay(kept, language);
  const shown = typing ?? (written || kept);
  const refusal =
    typing === null && kept.trim() !== '' && written === ''
      ? t('dateUnreadable', { ns: 'validation', example: writeDay(2026, 11, 27, language) })
      : undefined;
  // Half-typed (`27.11.`): no message until the clerk leaves the field.
  const isHalfTyped = typing !== null && typing.trim() !== '' && readDay(typing, language) === null;
  const { order, separator } = dayPatternOf(language);
  const placeholder = order.map((part) => t(`locale.dateParts.${part}`)).join(separator);
  const pick = (day: string) => {
    setIsOpen(false);
    setTyping(null);
    onChange(day);
    input.current?.focus();
  };

  const calendar = (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      trapFocus
      returnFocus
      withinPortal
      shadow="md"
      disabled={disabled || readOnly}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          // Reached with Alt+↓ from the field: Tab goes from field to field, as before.
          tabIndex={-1}
          aria-label={t('locale.openCalendar')}
          disabled={disabled || readOnly}
          onClick={() => setIsOpen((open) => !open)}
        >
          <IconCalendar size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {isOpen && (
          <Suspense fallback={<Loader size="sm" />}>
            <DateCalendar
              value={written ? kept : ''}
              min={min}
              max={max}
              language={language}
              onPick={pick}
            />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      autoComplete="off"
      placeholder={placeholder}
      {...rest}
      ref={mergedRef}
      disabled={disabled}
      readOnly={readOnly}
      value={shown}
      error={isHalfTyped ? undefined : (refusal ?? error)}
      rightSection={calendar}
      rightSectionPointerEvents="all"
      onFocus={onFocus}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyping(text);
        onChange(text.trim() === '' ? '' : (readDay(text, language) ?? text));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setTyping(null);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.altKey && event.key === 'ArrowDown') {
          event.preventDefault();
          setIsOpen(true);
        }
        onKeyDown?.(event);
      }}
    />
  );
}
