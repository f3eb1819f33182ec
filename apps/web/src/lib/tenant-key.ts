import type { Tenant } from './company-data';

/**
 * The part of a query key naming the branch whose data it holds: a manager's switch to another
 * branch changes every such key, so each screen reads the new branch's data at once, with the
 * new branch's path, and never shows one branch's answer under the other's name.
 */
export function tenantKey(tenant: Tenant): string {
  return `branch:${tenant.companyId}/${tenant.branchId}`;
}

/**
 * A list's placeholder while the next answer comes: the previous results of the same branch (a
 * new search keeps them on screen instead of a blank loader), never another branch's.
 */
export function keepPreviousDataOf(tenant: Tenant) {
  const part = tenantKey(tenant);
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery?.queryKey.includes(part) ? previous : undefined;
}
