import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, User } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { companyPath } from '@/lib/company-data';
import { userPicture, userQuery } from '@/lib/current-user';
import { updateStoredUser, type Session } from '@/lib/session';

/**
 * `PUT /api/v2/companies/{companyId}/users/{userId}` (SPEC 7): name, email, mobile, image,
 * country, thumb; answers the saved user.
 */
export function updateProfile(session: Session, profile: Profile) {
  const path = `${companyPath(session.companyId)}/users/${encodeURIComponent(session.userId)}`;
  return api.put<User | undefined>(path, profile);
}

/**
 * Saves the profile, then brings the user menu up to date with the saved user (the picture's
 * address is the server's to build), replacing what the login stored.
 */
export function useUpdateProfile(session: Session) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Profile) => updateProfile(session, profile),
    onSuccess: async ({ data }, profile) => {
      const query = userQuery(session.companyId, session.userId);
      if (data) queryClient.setQueryData(query.queryKey, data);
      const user =
        data ?? (await queryClient.fetchQuery({ ...query, staleTime: 0 }).catch(() => null));
      updateStoredUser(
        user ? { name: user.name, image: userPicture(user) } : { name: profile.name },
      );
    },
    // The form shows the failure in its red alert (SPEC 8).
    meta: { handlesErrors: true },
  });
}
