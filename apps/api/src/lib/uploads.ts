import { storedImagePath } from '@taxfree/domain';

/** Public path of a stored image: built from the account number, the company id and `ushop`. */
export function uploadUrl(accountNo: string, companyId: number, name: string): string {
  return storedImagePath(accountNo, companyId, name);
}

/** Public path of a stored image, or null when the record shows its placeholder. */
export function imagePath(
  accountNo: string,
  companyId: number,
  name: string | null,
): string | null {
  return name ? storedImagePath(accountNo, companyId, name) : null;
}
