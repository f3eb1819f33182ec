/** Public path of a stored image: built from the account number, the company id and `ushop`. */
export function uploadUrl(accountNo: string, companyId: number, name: string): string {
  return `/uploads/${encodeURIComponent(accountNo)}/${companyId}/ushop/${encodeURIComponent(name)}`;
}
