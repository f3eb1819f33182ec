import { and, eq } from 'drizzle-orm';
import type { Tenant } from '../../lib/tenant.ts';
import type { Db, Tx } from '../client.ts';
import { branches } from '../schema/index.ts';

/** The session's branch (the shop), or null when it is gone. */
export async function findBranch(db: Db | Tx, tenant: Tenant) {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.companyId, tenant.companyId), eq(branches.id, tenant.branchId)))
    .limit(1);
  return row ?? null;
}

/** Whether the branch is one of the company's. */
export async function isCompanyBranch(db: Db | Tx, tenant: Tenant): Promise<boolean> {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, tenant.companyId), eq(branches.id, tenant.branchId)))
    .limit(1);
  return row !== undefined;
}
