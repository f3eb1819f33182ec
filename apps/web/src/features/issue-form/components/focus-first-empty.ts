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
