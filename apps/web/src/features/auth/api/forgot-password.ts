import type { ForgotPassword } from '@taxfree/domain';
import { useAction } from '@/hooks/use-action';
import { api } from '@/lib/api-client';

/** Always answers success for a well-formed request, whether or not the account exists. */
export function requestPasswordReset(body: ForgotPassword) {
  return api.post<unknown>('/resetPassword', body, { auth: false });
}

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
