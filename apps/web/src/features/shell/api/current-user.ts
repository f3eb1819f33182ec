import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Session } from '@/lib/session';

export type User = {
  user_id: number;
  username: string;
  name: string;
  email: string;
  mobile: string;
  country: string;
  image: string | null;
  path: string | null;
  passportNumber: string | null;
};

export const userKeys = {
  all: ['users'] as const,
  detail: (companyId: string, userId: string) => [...userKeys.all, companyId, userId] as const,
};

export function getUser(companyId: string, userId: string) {
  const path = `/companies/${encodeURIComponent(companyId)}/users/${encodeURIComponent(userId)}`;
  return api.get<User>(path).then((response) => response.data);
}

export function userQuery(companyId: string, userId: string) {
  return queryOptions({
    queryKey: userKeys.detail(companyId, userId),
    queryFn: () => getUser(companyId, userId),
    staleTime: 5 * 60_000,
    // The menu falls back to what the login stored; a failure here is not worth a toast.
    meta: { handlesErrors: true },
  });
}

/** The signed-in user, fresh from the server, for the menu's name and picture. */
export function useCurrentUser(session: Session | null) {
  return useQuery({
    ...userQuery(session?.companyId ?? '', session?.userId ?? ''),
    enabled: Boolean(session?.companyId && session.userId),
  });
}
