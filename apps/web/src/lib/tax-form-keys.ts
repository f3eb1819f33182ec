import type { FormListFilter } from '@taxfree/domain';
import type { Tenant } from './company-data';
import { tenantKey } from './tenant-key';

/** The list's search and stage filter (a stage, or one of Home's worklist entries). */
export type TaxFormListFilters = { search: string; stage?: FormListFilter | undefined };

/**
 * The query keys of the branch's tax forms, for every screen that reads them (list, stages,
 * statistics, counters, VAT breakdown, currency). They follow the resource: everything sits under
 * `all`, so a saved form invalidates `all` and every one of those screens reloads.
 *
 * The form being edited is read outside this root on purpose (features/issue-form): it is always
 * fetched fresh when the panel opens, and a save must not read it again while the panel closes.
 */
export const taxFormKeys = {
  all: ['taxforms'] as const,
  lists: () => [...taxFormKeys.all, 'list'] as const,
  list: (tenant: Tenant, filters: TaxFormListFilters) =>
    [...taxFormKeys.lists(), tenantKey(tenant), filters] as const,
  /** One form's stage and when it reached each (`…/taxforms/stat/{id}`). */
  statuses: () => [...taxFormKeys.all, 'stat'] as const,
  status: (formId: number) => [...taxFormKeys.statuses(), formId] as const,
  /** One whole form as the Form Status panel reads it (its export deadline, whether it expired). */
  details: () => [...taxFormKeys.all, 'detail'] as const,
  detail: (formId: number) => [...taxFormKeys.details(), formId] as const,
  /** Forms, VAT and refunds per day over the last `days`. */
  stats: (tenant: Tenant, days: number) =>
    [...taxFormKeys.all, 'stats', tenant.companyId, tenant.branchId, days] as const,
  /**
   * Forms issued today, in the last week and month: the dashboard and the statistics share the
   * branch's; the dashboard may count every branch of the company.
   */
  counts: (tenant: Tenant, allBranches = false) =>
    [...taxFormKeys.all, 'count', tenant.companyId, allBranches ? 'all' : tenant.branchId] as const,
  /**
   * Home's worklist: forms to refund, export windows closing, forms expired this month; of the
   * branch, or of every branch of the company.
   */
  worklist: (tenant: Tenant, allBranches = false) =>
    [
      ...taxFormKeys.all,
      'worklist',
      tenant.companyId,
      allBranches ? 'all' : tenant.branchId,
    ] as const,
  breakdown: (tenant: Tenant, period: { from: string; to: string }) =>
    [
      ...taxFormKeys.all,
      'breakdown',
      tenant.companyId,
      tenant.branchId,
      period.from,
      period.to,
    ] as const,
  /** The branch's currency: under the root, so reloading the forms reloads it too. */
  currency: (tenant: Tenant) => [...taxFormKeys.all, 'currency', tenant.branchId] as const,
};
