import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { toCents } from '@taxfree/domain';
import type { Db } from '../../db/client.ts';
import { formStages, invoices, taxForms } from '../../db/schema/index.ts';

export type Tenant = { companyId: number; branchId: number };

/** Escapes LIKE wildcards so a typed '%' or '_' matches itself. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every word of the search must match one of the form's searchable fields, case-insensitively
 * and by fragment: "ana kov" finds Ana Kovač. Each field has a trigram index.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(
        ilike(taxForms.barcode, pattern),
        ilike(taxForms.travelerName, pattern),
        ilike(taxForms.travelerSurname, pattern),
        ilike(taxForms.travelerEmail, pattern),
        ilike(taxForms.passport, pattern),
        ilike(taxForms.invoiceReferenceNumber, pattern),
        sql`exists (select 1 from ${invoices} where ${invoices.companyId} = ${taxForms.companyId}
          and ${invoices.taxFormId} = ${taxForms.id} and ${invoices.invoiceReferenceNumber} ilike ${pattern})`,
      );
    }),
  );
}

const listColumns = {
  id: taxForms.id,
  barcode: taxForms.barcode,
  status: taxForms.status,
  travelerName: taxForms.travelerName,
  travelerSurname: taxForms.travelerSurname,
  travelerEmail: taxForms.travelerEmail,
  issuedGovt: taxForms.issuedGovt,
  dateOfSales: taxForms.dateOfSales,
  invoiceReferenceNumber: taxForms.invoiceReferenceNumber,
  grossAmount: taxForms.grossAmount,
  vatAmount: taxForms.vatAmount,
  netAmount: taxForms.netAmount,
  refundAmount: taxForms.refundAmount,
  customerRefund: taxForms.customerRefund,
  cancelled: taxForms.cancelled,
  ilr: taxForms.ilr,
};

export type TaxFormListRow = Awaited<ReturnType<typeof listTaxForms>>['rows'][number];

/** A page of the branch's forms, newest first, with the total for "Displaying X of Y". */
export async function listTaxForms(
  db: Db,
  tenant: Tenant,
  query: { page: number; perPage: number; search?: string | undefined },
) {
  const where = and(
    eq(taxForms.companyId, tenant.companyId),
    eq(taxForms.branchId, tenant.branchId),
    searchCondition(query.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(taxForms)
      .where(where)
      // Written as the index is (DESC NULLS LAST) so PostgreSQL reads the page straight from it.
      .orderBy(sql`${taxForms.createdAt} desc nulls last`, sql`${taxForms.id} desc nulls last`)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(taxForms)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getFormStages(db: Db, tenant: Tenant, formId: number) {
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
    .select({ stage: formStages.stage, createdAt: formStages.createdAt })
    .from(formStages)
    .where(and(eq(formStages.companyId, tenant.companyId), eq(formStages.taxFormId, formId)))
    .orderBy(asc(formStages.createdAt), asc(formStages.id));
  return { ...form, stages };
}

/**
 * Forms issued by the branch today, in the last 7 days and in the last 30 days (today included),
 * by the calendar of the shop's time zone; cancelled forms do not count.
 */
export async function countIssuedForms(db: Db, tenant: Tenant, timeZone: string) {
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
        eq(taxForms.companyId, tenant.companyId),
        eq(taxForms.branchId, tenant.branchId),
        eq(taxForms.cancelled, false),
        sql`${taxForms.createdAt} >= ${startOfDay(29)}`,
      ),
    );
  return { today: row?.today ?? 0, lastweek: row?.lastweek ?? 0, lastmonth: row?.lastmonth ?? 0 };
}

/** numeric(14,2) text → a number of currency units, exact to the cent. */
export const toAmount = (decimal: string) => toCents(decimal) / 100;
