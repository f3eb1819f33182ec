import { useState } from 'react';

/**
 * True from the first render `value` is true on, and for good: a panel drawn from its first opening
 * on (so its closing transition plays), a screen drawn once all it waits for has come.
 */
export function useOnceTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return hasBeenTrue || value;
}
