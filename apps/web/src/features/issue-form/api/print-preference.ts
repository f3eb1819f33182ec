import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPreferences } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';
import { useCurrentUser, userKeys } from '@/lib/current-user';
import type { Session } from '@/lib/session';

/**
 * Whether a form the clerk issues or updates opens for printing at once: the user's own
 * preference, on until turned off (and when it cannot be read); undefined while it is read.
 */
export function usePrintAfterSave(session: Session): boolean | undefined {
  const user = useCurrentUser(session);
  if (user.isPending && user.fetchStatus !== 'idle') return undefined;
  return user.data?.print_after_issue ?? true;
}

/** Turns printing after each save on or off for the signed-in user. */
export function useSetPrintAfterSave(session: Session) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: UserPreferences) =>
      api
        .put<User>(
          `${companyPath(session.companyId)}/users/${encodeURIComponent(session.userId)}/preferences`,
          preferences,
        )
        .then((response) => response.data),
    onSuccess: (user) =>
      queryClient.setQueryData(userKeys.detail(session.companyId, session.userId), user),
  });
}
