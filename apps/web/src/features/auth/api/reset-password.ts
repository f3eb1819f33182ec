import type { ResetPassword } from '@taxfree/domain';
import { useEffect, useState } from 'react';
import { useAction } from '@/hooks/use-action';
import { api } from '@/lib/api-client';

function resetPath(token: string) {
  return `/resetPassword/${encodeURIComponent(token)}`;
}

export function checkResetToken(token: string) {
  return api.get<unknown>(resetPath(token), { auth: false });
}

/** The link is checked once when the screen opens; a bad one is never retried. */
export function useResetTokenCheck(token: string) {
  const [state, setState] = useState<{ status: 'pending' | 'success' | 'error'; error: unknown }>({
    status: 'pending',
    error: null,
  });
  useEffect(() => {
    if (token === '') return;
    let current = true;
    checkResetToken(token).then(
      () => current && setState({ status: 'success', error: null }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return {
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
  };
}

export function resetPassword(body: ResetPassword) {
  return api.post<unknown>(resetPath(body.token), body, { auth: false });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
