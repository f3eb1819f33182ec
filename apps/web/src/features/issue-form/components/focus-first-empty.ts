import { type RefObject, useEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Focuses the first field of `container` that is required and still empty (a passport never
 * carries the mobile number or the address), so the clerk types on after a scan. False when every
 * required field is filled.
 */
export function focusFirstEmptyRequired(container: Element | null): boolean {
  const fields = container?.querySelectorAll<Field>('input:not([type="hidden"]), textarea, select');
  for (const field of fields ?? []) {
    const isRequired = field.required || field.getAttribute('aria-required') === 'true';
    const isReadOnly = field instanceof HTMLSelectElement ? false : field.readOnly;
    if (!isRequired || field.disabled || isReadOnly || field.value.trim() !== '') continue;
    field.focus();
    return true;
  }
  return false;
}

/**
 * After each fill (`fills` counts them), once the filled values are on screen (the selects show
 * theirs a render later): the focus moves on to the first required field of `input`'s form that
 * the scan left empty.
 */
export function useFocusAfterFill(input: RefObject<HTMLElement | null>, fills: number): void {
  useEffect(() => {
    if (fills === 0) return;
    const frame = requestAnimationFrame(() =>
      focusFirstEmptyRequired(input.current?.closest('form') ?? null),
    );
    return () => cancelAnimationFrame(frame);
  }, [input, fills]);
}
