import { STAFF_ROLES } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';

type Option = { value: string; label: string };

/** The roles a user may have, named in the interface language. */
export function useRoleOptions(): Option[] {
  const { t } = useTranslation();
  return STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }));
}
