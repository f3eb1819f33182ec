import type { ComboboxProps } from '@mantine/core';
import { useCallback, useState } from 'react';

/**
 * Draws a select's dropdown inside the dialog, or else the main landmark, that holds its field,
 * instead of at the end of the page: there it would sit outside the modal dialog the user is in
 * (which assistive technology may not let them reach) and outside every landmark. It stays a
 * portal, so a table's sideways-scrolling box does not clip it.
 *
 * ```tsx
 * const dropdown = useDropdownPortal();
 * <Select ref={mergeRefs(field.ref, dropdown.ref)} comboboxProps={dropdown.comboboxProps} … />
 * ```
 */
export function useDropdownPortal() {
  const [target, setTarget] = useState<HTMLElement | undefined>(undefined);
  const ref = useCallback((field: HTMLElement | null) => {
    if (field) setTarget(field.closest<HTMLElement>('[role="dialog"], main') ?? undefined);
  }, []);
  const comboboxProps: ComboboxProps = { withinPortal: true, portalProps: { target } };
  return { ref, comboboxProps };
}
