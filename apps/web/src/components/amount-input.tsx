import { TextInput, type TextInputProps } from '@mantine/core';
import { formatMoney, parseAmount } from '@taxfree/domain';
import { type FocusEvent, type Ref, useState } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { amountRefusalText, keptAmount } from '@/lib/typed-amount';

type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  /** The amount as its form keeps it (`keptAmount`): the wire's text, '' or unreadable text. */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An amount typed the way the interface language writes it (`1.234,56`, `1234,56` in Croatian;
 * `1,234.56` in English) and shown so once the field is left. The form keeps the wire's text;
 * text that cannot be read stays as typed, with a message saying how to type it, and the form's
 * resolver refuses it: it never becomes 0.00 unseen.
 */
export function AmountInput({
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  ref,
  ...rest
}: AmountInputProps) {
  const [language] = useLanguage();
  // What the clerk has typed since the field took the focus; until then, the amount as written.
  const [typing, setTyping] = useState<string | null>(null);
  const kept = value ?? '';
  const reading = parseAmount(kept, language);
  const shown = typing ?? (reading.ok ? formatMoney(reading.cents, language) : kept);
  const refusal =
    typing === null && !reading.ok && reading.reason !== 'empty'
      ? amountRefusalText(reading.reason, language)
      : undefined;
  // Half-typed (`1.`, `1.234,`): no message until the clerk leaves the field.
  const isHalfTyped = typing !== null && typing.trim() !== '' && !parseAmount(typing, language).ok;

  return (
    <TextInput
      autoComplete="off"
      {...rest}
      ref={ref}
      value={shown}
      inputMode="decimal"
      error={isHalfTyped ? undefined : (refusal ?? error)}
      onFocus={onFocus}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyping(text);
        onChange(keptAmount(text, language));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setTyping(null);
        onBlur?.(event);
      }}
    />
  );
}
