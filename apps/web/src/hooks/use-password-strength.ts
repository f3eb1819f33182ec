import { loadPasswordStrength, type PasswordStrengthOf } from '@taxfree/domain/password-strength';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

/**
 * The strength of a password being typed, by the estimator the server refuses weak ones with.
 * Its dictionaries are a chunk of their own, fetched when the user first types a password; until
 * then (and for an empty password) the answer is null.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]) {
  const [strengthOf, setStrengthOf] = useState<PasswordStrengthOf | null>(null);
  const typed = useDeferredValue(password);
  useEffect(() => {
    if (strengthOf || typed === '') return;
    let isCurrent = true;
    void loadPasswordStrength().then((loaded) => isCurrent && setStrengthOf(() => loaded));
    return () => {
      isCurrent = false;
    };
  }, [strengthOf, typed]);
  const inputs = userInputs.join('\n');
  return useMemo(
    () => (strengthOf && typed !== '' ? strengthOf(typed, inputs.split('\n')) : null),
    [strengthOf, typed, inputs],
  );
}
