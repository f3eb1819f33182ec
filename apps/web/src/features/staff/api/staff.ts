import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewStaffUser, StaffChange, StaffUser } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';

/** Query keys follow the resource: the company's users, one list per company. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (companyId: string) => [...staffKeys.all, 'list', companyId] as const,
};

const usersPath = (companyId: string) => `${companyPath(companyId)}/users`;

/** `GET /api/v2/companies/{companyId}/users`: every user, with role, branch and last sign-in. */
export function useStaff(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.list(companyId ?? ''),
    queryFn: ({ signal }) =>
      api.get<StaffUser[]>(usersPath(companyId ?? ''), { signal }).then((r) => r.data ?? []),
    enabled: enabled && Boolean(companyId),
    // The screen shows the failure next to the list, with a retry.
    meta: { handlesErrors: true },
  });
}

/** Adds a manager or a clerk, with a first password or an e-mailed link; answers the new user's id. */
export function useAddStaffUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: NewStaffUser) =>
      api.post<{ user_id: number }>(usersPath(companyId), user).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list(companyId) }),
    // The form puts field errors on its fields and toasts the rest.
    meta: { handlesErrors: true },
  });
}

type ChangeVariables = { userId: number; change: StaffChange };

/** Changes a user's role, branch or state; the server answers the user as it now is. */
export function useChangeStaffUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: ChangeVariables) =>
      api.patch<StaffUser>(`${usersPath(companyId)}/${userId}`, change).then((r) => r.data),
    onSuccess: (user) => {
      queryClient.setQueryData<StaffUser[]>(staffKeys.list(companyId), (users) =>
        users?.map((found) => (found.user_id === user.user_id ? user : found)),
      );
      return queryClient.invalidateQueries({ queryKey: staffKeys.list(companyId) });
    },
    // Each caller shows the refusal (the last manager, say) where the manager acted.
    meta: { handlesErrors: true },
  });
}

type PasswordVariables = { userId: number; password: string };

/** Gives a user a new first password, to change at the next sign-in; its sessions end. */
export function useGiveStaffPassword(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, password }: PasswordVariables) =>
      api.post<{ user_id: number }>(`${usersPath(companyId)}/${userId}/password`, { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.list(companyId) }),
    meta: { handlesErrors: true },
  });
}
