import { useEffect, useState } from 'react';

/**
 * `opened`, held back until the frame after the first render. A Mantine drawer notes the focused
 * element when it goes from closed to open and gives the focus back to it on closing; one that
 * mounts already open notes nothing, and the keyboard user's focus is lost when it closes.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [hasMounted, setHasMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setHasMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return opened && hasMounted;
}
