import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@taxfree/domain';
import { api } from './api-client';
import { companyPath } from './company-data';
import type { Session } from './session';

export type { User };

export const userKeys = {
  all: ['users'] as const,
  detail: (companyId: string, userId: string) => [...userKeys.all, companyId, userId] as const,
};

/** `GET /api/v2/companies/{companyId}/users/{userId}` (SPEC 7). */
export function getUser(companyId: string, userId: string, signal?: AbortSignal) {
  const path = `${companyPath(companyId)}/users/${encodeURIComponent(userId)}`;
  return api.get<User>(path, { signal }).then((response) => response.data);
}

export function userQuery(companyId: string, userId: string) {
  return queryOptions({
    queryKey: userKeys.detail(companyId, userId),
    queryFn: ({ signal }) => getUser(companyId, userId, signal),
    staleTime: 5 * 60_000,
    // The menu falls back to what the login stored, the profile panel shows its own alert.
    meta: { handlesErrors: true },
  });
}

/** The signed-in user, fresh from the server: the menu's name and picture, the profile panel. */
export function useCurrentUser(session: Session | null) {
  return useQuery({
    ...userQuery(session?.companyId ?? '', session?.userId ?? ''),
    enabled: Boolean(session?.companyId && session.userId),
  });
}

/** The small picture for the menu when the server made one, else the picture itself. */
export function userPicture(user: Pick<User, 'path' | 'thumb_path'>): string | null {
  return user.thumb_path ?? user.path;
}
