import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { branches, productCategories } from '../../db/schema/index.ts';

export type ShopChange = {
  branchName: string;
  website: string | null;
  description: string | null;
  logo: string | null;
  location: string | null;
  productCategory: string;
};

export async function updateBranch(db: Db | Tx, tenant: Tenant, change: ShopChange) {
  await db
    .update(branches)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(branches.companyId, tenant.companyId), eq(branches.id, tenant.branchId)));
}

/**
 * Holds the company's branch names until the transaction ends: two managers naming branches at
 * once (adding one, renaming another) are judged one after the other, so the second is told the
 * name is taken rather than tripping the unique index.
 */
export async function lockBranchNames(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`branch-names|${companyId}`}, 0))`,
  );
}

/** A branch's name and where it is, as its managers' list shows them. */
export type BranchDetails = {
  branchName: string;
  address: string | null;
  city: string | null;
  postcode: string | null;
};

/** Sets the branch's name and place; answers the branch as it is now, or null when it is gone. */
export async function updateBranchDetails(db: Db | Tx, tenant: Tenant, change: BranchDetails) {
  const [row] = await db
    .update(branches)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(branches.companyId, tenant.companyId), eq(branches.id, tenant.branchId)))
    .returning({
      retailer_branch_id: branches.id,
      branch_name: branches.branchName,
      address: branches.address,
      city: branches.city,
      postcode: branches.postcode,
    });
  return row ?? null;
}

/** The codes among `codes` that are not product categories of the company. */
export async function unknownProductCategories(
  db: Db | Tx,
  companyId: number,
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = await db
    .select({ code: productCategories.code })
    .from(productCategories)
    .where(and(eq(productCategories.companyId, companyId), inArray(productCategories.code, codes)));
  const found = new Set(known.map((row) => row.code));
  return codes.filter((code) => !found.has(code));
}

/** Whether another branch of the company already has this name (names are unique per company). */
export async function isBranchNameTaken(db: Db | Tx, tenant: Tenant, name: string) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(
      and(
        eq(branches.companyId, tenant.companyId),
        ne(branches.id, tenant.branchId),
        eq(sql`lower(${branches.branchName})`, name.toLowerCase()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
