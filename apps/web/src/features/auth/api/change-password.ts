import type { ChangePassword } from '@taxfree/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changePassword(companyId: string, body: ChangePassword) {
  return api.post<unknown>(`/companies/${encodeURIComponent(companyId)}/users/password`, body);
}

export function useChangePassword(companyId: string) {
  return useMutation({
    mutationFn: (body: ChangePassword) => changePassword(companyId, body),
    meta: { handlesErrors: true },
  });
}
