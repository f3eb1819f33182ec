import type { ResetPassword } from '@taxfree/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

function resetPath(token: string) {
  return `/resetPassword/${encodeURIComponent(token)}`;
}

export function checkResetToken(token: string) {
  return api.get<unknown>(resetPath(token), { auth: false });
}

/** The link is checked once when the screen opens; a bad one is never retried. */
export function resetTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['reset-password', 'token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

export function resetPassword(body: ResetPassword) {
  return api.post<unknown>(resetPath(body.token), body, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesErrors: true } });
}
