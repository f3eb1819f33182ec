import { and, eq, sql } from 'drizzle-orm';
import type { FormListFilter } from '@taxfree/domain';
import type { Db } from '../../../db/client.ts';
import { branches, taxForms, users } from '../../../db/schema/index.ts';
import { formFilterCondition } from './tax-form-list-filter.ts';
import { listColumns, type TaxFormListRow } from './tax-form-list-statements.ts';
import { searchCondition } from './tax-form-search.ts';

export type CompanyFormRow = TaxFormListRow & {
  branchId: number;
  branchName: string;
  issuedBy: string | null;
};

/**
 * A page of the forms of every branch of the company, newest first, under the branch list's search
 * and stage filter, with each form's branch and issuer and the total of the matches.
 */
export async function listCompanyForms(
  db: Db,
  companyId: number,
  query: {
    page: number;
    perPage: number;
    search?: string | undefined;
    stage?: FormListFilter | undefined;
    today: string;
  },
): Promise<{ rows: CompanyFormRow[]; total: number }> {
  const where = and(
    eq(taxForms.companyId, companyId),
    searchCondition(query.search),
    query.stage === undefined ? undefined : formFilterCondition(query.stage, query.today),
  );
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(where);
  const rows = await db
    .select({
      ...listColumns,
      branchId: taxForms.branchId,
      branchName: branches.branchName,
      issuedBy: users.name,
    })
    .from(taxForms)
    .innerJoin(
      branches,
      and(eq(branches.companyId, taxForms.companyId), eq(branches.id, taxForms.branchId)),
    )
    .leftJoin(users, and(eq(users.companyId, taxForms.companyId), eq(users.id, taxForms.createdBy)))
    .where(where)
    .orderBy(sql`${taxForms.createdAt} desc nulls last`, sql`${taxForms.id} desc nulls last`)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, total: counted?.n ?? 0 };
}
