import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** One step of the counters every 10 ms (SPEC 9). */
export const COUNT_STEP_MS = 10;
/**
 * At most this many steps (2 s): a step adds 1 while the value is small, more for a large one,
 * so a branch with thousands of forms does not wait minutes for its dashboard.
 */
export const MAX_COUNT_STEPS = 200;

/**
 * A number counting up from 0 to `target`, one step per 10 ms. People who ask for less motion
 * get the value at once. A new target continues from where the count stands.
 */
export function useCountUp(target: number): number {
  const isReduced = useReducedMotion(false, { getInitialValueInEffect: false });
  const [count, setCount] = useState(0);
  const goal = Math.max(0, Math.floor(target));

  useEffect(() => {
    if (isReduced || count === goal) return;
    const step = Math.max(1, Math.ceil(goal / MAX_COUNT_STEPS));
    const timer = window.setTimeout(
      () => setCount(count < goal ? Math.min(goal, count + step) : goal),
      COUNT_STEP_MS,
    );
    return () => window.clearTimeout(timer);
  }, [count, goal, isReduced]);

  return isReduced ? goal : Math.min(count, goal);
}
