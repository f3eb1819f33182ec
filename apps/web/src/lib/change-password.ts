import type { ChangePassword } from '@taxfree/domain';
import { useAction } from '@/hooks/use-action';
import { api } from '@/lib/api-client';

export function changePassword(companyId: string, body: ChangePassword) {
  return api.post<unknown>(`/companies/${encodeURIComponent(companyId)}/users/password`, body);
}

export function useChangePassword(companyId: string) {
  return useAction((body: ChangePassword) => changePassword(companyId, body));
}
