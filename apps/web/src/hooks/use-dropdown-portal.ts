import type { ComboboxProps } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';

/**
 * Draws a select's dropdown inside the dialog, or else the main landmark, that holds its field,
 * instead of at the end of the page: there it would sit outside the modal dialog the user is in
 * (which assistive technology may not let them reach) and outside every landmark. It stays a
 * portal, so a table's sideways-scrolling box does not clip it. The holder is looked up as the
 * dropdown first opens, in the same update: looked up as each field mounted, it drew every select
 * of a form again as the form appeared.
 *
 * ```tsx
 * const dropdown = useDropdownPortal();
 * <Select ref={mergeRefs(field.ref, dropdown.ref)} onDropdownOpen={dropdown.onOpen}
 *   comboboxProps={dropdown.comboboxProps} … />
 * ```
 */
export function useDropdownPortal() {
  const field = useRef<HTMLElement | null>(null);
  const [target, setTarget] = useState<HTMLElement | undefined>(undefined);
  const ref = useCallback((element: HTMLElement | null) => {
    field.current = element;
  }, []);
  const onOpen = useCallback(() => {
    setTarget(field.current?.closest<HTMLElement>('[role="dialog"], main') ?? undefined);
  }, []);
  const comboboxProps: ComboboxProps = { withinPortal: true, portalProps: { target } };
  return { ref, onOpen, comboboxProps };
}
