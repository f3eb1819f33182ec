import type { StaffUser } from '@taxfree/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { handleError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useChangeStaffUser } from '../api/staff';

/**
 * Deactivates an active user (signed out at once, may no longer sign in) or lets a deactivated
 * one sign in again, once the manager confirms. A refusal (the last manager) is the server's
 * message, in the warning toast.
 */
export function useToggleActive(companyId: string) {
  const { t } = useTranslation();
  const { mutate } = useChangeStaffUser(companyId);
  return useCallback(
    async (user: StaffUser) => {
      const isDeactivating = user.active;
      const isConfirmed = await confirmDialog({
        message: isDeactivating
          ? t('staff.deactivate.message', { name: user.name })
          : t('staff.reactivate.message', { name: user.name }),
        isDanger: isDeactivating,
      });
      if (!isConfirmed) return;
      mutate(
        { userId: user.user_id, change: { active: !isDeactivating } },
        {
          onSuccess: () =>
            notifySuccess(isDeactivating ? t('staff.deactivate.done') : t('staff.reactivate.done')),
          onError: handleError,
        },
      );
    },
    [mutate, t],
  );
}
