import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FormListFilter } from '@taxfree/domain';
import { formFilterCondition } from './tax-form-list-filter.ts';
import {
  BARCODE_MATCH,
  BRANCH_TOTAL,
  LIST_PAGE,
  listColumns,
  listRows,
  SEARCHES,
  type ReadRow,
  type TaxFormListRow,
} from './tax-form-list-statements.ts';
import { barcodeIn, searchCondition, searchWords } from './tax-form-search.ts';
import type { Database, Db } from '../../../db/client.ts';
import { likePattern } from '../../../lib/content-query.ts';
import type { FormScope, Tenant } from '../../../lib/tenant.ts';
import { formStages, taxForms, users } from '../../../db/schema/index.ts';

export { scannedBarcode, searchCondition } from './tax-form-search.ts';
export {
  BARCODE_MATCH,
  LIST_PAGE,
  SEARCHES,
  type TaxFormListRow,
} from './tax-form-list-statements.ts';

type Counted<Row> = Row & { total: number };

/** A page of the branch's forms, newest first, with the total for "Displaying X of Y". */
export async function listTaxForms(
  database: Database,
  tenant: Tenant,
  query: {
    page: number;
    perPage: number;
    search?: string | undefined;
    stage?: FormListFilter | undefined;
    /** The shop's calendar day, which the stage filter judges deadlines by. */
    today: string;
  },
): Promise<{ rows: TaxFormListRow[]; total: number }> {
  const branch = [tenant.companyId, tenant.branchId];
  const words = searchWords(query.search);
  const offset = (query.page - 1) * query.perPage;

  // The calls behind nearly every screen (the page, a scan, a search) are prepared statements
  // read without the ORM; a stage filter, rarer, is built by it.
  if (query.stage === undefined) {
    const scanned = barcodeIn(words);
    if (scanned !== null) {
      const matches = listRows<TaxFormListRow>(
        await database.read<ReadRow<TaxFormListRow>>(BARCODE_MATCH, [...branch, scanned]),
      );
      // One match at most: page 1 shows it, a later page is empty; the total counts it either way.
      return { rows: query.page === 1 ? matches : [], total: matches.length };
    }
    const statement = words.length === 0 ? LIST_PAGE : SEARCHES[words.length - 1]!;
    const rows = listRows<Counted<TaxFormListRow>>(
      await database.read<ReadRow<Counted<TaxFormListRow>>>(statement, [
        ...branch,
        query.perPage,
        offset,
        ...words.map(likePattern),
      ]),
    );
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    // An empty page (a new branch, a search finding nothing, or past the end) still answers the
    // total: the branch's for the page, the matches' for a search.
    if (words.length > 0 && query.page === 1) return { rows, total: 0 };
    const where = words.length === 0 ? undefined : searchCondition(query.search);
    return { rows, total: await countForms(database, tenant, where) };
  }

  const where = and(
    eq(taxForms.companyId, tenant.companyId),
    eq(taxForms.branchId, tenant.branchId),
    searchCondition(query.search),
    formFilterCondition(query.stage, query.today),
  );
  const { db } = database;
  const matches = db.$with('matches').as(
    db
      .select({ ...listColumns, createdAt: taxForms.createdAt })
      .from(taxForms)
      .where(where),
  );
  const matchColumns = Object.fromEntries(
    Object.keys(listColumns).map((key) => [key, matches[key as keyof typeof listColumns]]),
  ) as { [Key in keyof typeof listColumns]: (typeof matches)[Key] };
  const rows = await db
    .with(matches)
    .select({ ...matchColumns, total: sql<number>`(select count(*) from ${matches})::int` })
    .from(matches)
    .orderBy(sql`${matches.createdAt} desc nulls last`, sql`${matches.id} desc nulls last`)
    .limit(query.perPage)
    .offset(offset);
  if (rows.length > 0 || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(where);
  return { rows: [], total: total?.n ?? 0 };
}

/** The branch's forms (those of a search when `search` is given): its kept total, or a count. */
async function countForms(database: Database, tenant: Tenant, search: SQL | undefined) {
  if (!search) {
    const [kept] = await database.read<{ total: number }>(BRANCH_TOTAL, [
      tenant.companyId,
      tenant.branchId,
    ]);
    return kept?.total ?? 0;
  }
  const [counted] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(
      and(eq(taxForms.companyId, tenant.companyId), eq(taxForms.branchId, tenant.branchId), search),
    );
  return counted?.n ?? 0;
}

/** The branch's form with every stage it reached and what was recorded with each, oldest first. */
export async function findFormStages(db: Db, tenant: Tenant, formId: number) {
  const [form] = await db
    .select({
      id: taxForms.id,
      barcode: taxForms.barcode,
      status: taxForms.status,
      cancelled: taxForms.cancelled,
    })
    .from(taxForms)
    .where(
      and(
        eq(taxForms.companyId, tenant.companyId),
        eq(taxForms.branchId, tenant.branchId),
        eq(taxForms.id, formId),
      ),
    )
    .limit(1);
  if (!form) return null;
  const stages = await db
    .select({
      stage: formStages.stage,
      createdAt: formStages.createdAt,
      source: formStages.source,
      exportDate: formStages.exportDate,
      customsOffice: formStages.customsOffice,
      customsRecordNumber: formStages.customsRecordNumber,
      refundDate: formStages.refundDate,
      paidAmount: formStages.paidAmount,
      paidMethod: formStages.paidMethod,
      userName: users.name,
    })
    .from(formStages)
    .leftJoin(
      users,
      and(eq(users.id, formStages.userId), eq(users.companyId, formStages.companyId)),
    )
    .where(and(eq(formStages.companyId, tenant.companyId), eq(formStages.taxFormId, formId)))
    .orderBy(asc(formStages.createdAt), asc(formStages.id));
  return { ...form, stages };
}

/**
 * Forms issued by the branch (or, for a scope without one, by every branch of the company) today,
 * in the last 7 days and in the last 30 days (today included), by the calendar of the shop's time
 * zone; cancelled forms do not count.
 */
export async function countIssuedForms(db: Db, scope: FormScope, timeZone: string) {
  const startOfDay = (daysBack: number) =>
    sql`(date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${daysBack})) at time zone ${timeZone}`;
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${taxForms.createdAt} >= ${startOfDay(0)})::int`,
      lastweek: sql<number>`count(*) filter (where ${taxForms.createdAt} >= ${startOfDay(6)})::int`,
      lastmonth: sql<number>`count(*)::int`,
    })
    .from(taxForms)
    .where(
      and(
        eq(taxForms.companyId, scope.companyId),
        scope.branchId === undefined ? undefined : eq(taxForms.branchId, scope.branchId),
        eq(taxForms.cancelled, false),
        sql`${taxForms.createdAt} >= ${startOfDay(29)}`,
      ),
    );
  return { today: row?.today ?? 0, lastweek: row?.lastweek ?? 0, lastmonth: row?.lastmonth ?? 0 };
}

/**
 * numeric(14,2) text → a number of currency units, exact to the cent: the double nearest to a
 * decimal of two places is the one its cents divided by 100 give, so it is read as it is.
 */
export function toAmount(decimal: string): number {
  const amount = Number(decimal);
  if (decimal.trim() === '' || !Number.isFinite(amount)) {
    throw new RangeError(`Not an amount: ${decimal}`);
  }
  return amount;
}
