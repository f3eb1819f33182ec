import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { isValidBarcode, toCents, type FormListFilter } from '@taxfree/domain';
import { formFilterCondition } from './form-list-filter.ts';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../lib/content-query.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { branchFormTotals, formStages, taxForms } from '../../db/schema/index.ts';

/**
 * Every word of the search must occur in the form's search text, case-insensitively and by
 * fragment: "ana kov" finds Ana Kovač. One GIN index holds the tenant and the text's trigrams, so
 * a search reads only the branch's matches.
 */
function searchWords(search: string | undefined): string[] {
  return (
    (search ?? '')
      // eslint-disable-next-line no-control-regex -- the separator must never be part of a word
      .replace(/[\u0000-\u001f]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 5)
  );
}

/** A search that is one valid barcode (its check digit right) names one form: that barcode. */
export function scannedBarcode(search: string | undefined): string | null {
  const words = searchWords(search);
  return words.length === 1 && isValidBarcode(words[0]!) ? words[0]! : null;
}

/** The list's search as a condition on the forms (the export reads the same forms). */
export function searchCondition(search: string | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => ilike(taxForms.searchText, likePattern(word))));
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
  exportDeadline: taxForms.exportDeadline,
};

const tenantIs = and(
  eq(taxForms.companyId, sql.placeholder('companyId')),
  eq(taxForms.branchId, sql.placeholder('branchId')),
);

/**
 * A page of the branch's forms, newest first: ordered as the list index is defined (DESC NULLS
 * LAST) so PostgreSQL reads the page straight from it.
 */
const listPage = preparedPerDatabase((db) =>
  db
    .select({
      ...listColumns,
      // The kept total rides along with the page: one round trip to the database, not two.
      total: sql<number>`(select ${branchFormTotals.forms} from ${branchFormTotals}
        where ${branchFormTotals.companyId} = ${sql.placeholder('companyId')}
          and ${branchFormTotals.branchId} = ${sql.placeholder('branchId')})`.mapWith(Number),
    })
    .from(taxForms)
    .where(tenantIs)
    .orderBy(sql`${taxForms.createdAt} desc nulls last`, sql`${taxForms.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('tax_form_list_page'),
);

const branchTotal = preparedPerDatabase((db) =>
  db
    .select({ forms: branchFormTotals.forms })
    .from(branchFormTotals)
    .where(
      and(
        eq(branchFormTotals.companyId, sql.placeholder('companyId')),
        eq(branchFormTotals.branchId, sql.placeholder('branchId')),
      ),
    )
    .prepare('branch_form_total'),
);

/**
 * The branch's form with a scanned barcode. Barcodes are unique across every company, so there is
 * one match or none: no count is needed, and the statement is prepared once per connection.
 */
const barcodeMatch = preparedPerDatabase((db) =>
  db
    .select(listColumns)
    .from(taxForms)
    .where(and(tenantIs, eq(taxForms.barcode, sql.placeholder('barcode'))))
    .limit(1)
    .prepare('tax_form_barcode_match'),
);

export type TaxFormListRow = Awaited<ReturnType<typeof listTaxForms>>['rows'][number];

/** A page of the branch's forms, newest first, with the total for "Displaying X of Y". */
export async function listTaxForms(
  db: Db,
  tenant: Tenant,
  query: {
    page: number;
    perPage: number;
    search?: string | undefined;
    stage?: FormListFilter | undefined;
    /** The shop's calendar day, which the stage filter judges deadlines by. */
    today: string;
  },
) {
  const scanned = scannedBarcode(query.search);
  const filter = formFilterCondition(query.stage, query.today);
  if (scanned !== null && !filter) {
    const matches = await barcodeMatch(db).execute({ ...tenant, barcode: scanned });
    // One match at most: page 1 shows it, a later page is empty; the total counts it either way.
    return { rows: query.page === 1 ? matches : [], total: matches.length };
  }
  const search = searchCondition(query.search);
  const where = and(
    eq(taxForms.companyId, tenant.companyId),
    eq(taxForms.branchId, tenant.branchId),
    search,
    filter,
  );
  const offset = (query.page - 1) * query.perPage;

  if (!search && !filter) {
    // The branch's total is kept by a trigger: one row, not a count over every form.
    const page = await listPage(db).execute({ ...tenant, limit: query.perPage, offset });
    const rows = page.map(({ total: _total, ...row }) => row);
    if (page.length > 0) return { rows, total: page[0]!.total };
    // An empty page (a new branch, or past the end) still answers the branch's total.
    const [kept] = await branchTotal(db).execute(tenant);
    return { rows, total: Number(kept?.forms ?? 0) };
  }

  // Every match is read (from the search index) and counted once, then the page is the newest
  // of them. As a CTE used twice it is computed once, by the search index: a window count over
  // the newest-first scan would make the planner walk the whole branch instead.
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
  if (rows.length > 0 || query.page === 1) {
    return {
      rows: rows.map(({ total: _total, ...row }) => row),
      total: rows[0]?.total ?? 0,
    };
  }
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(where);
  return { rows: [], total: total?.n ?? 0 };
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
    })
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
