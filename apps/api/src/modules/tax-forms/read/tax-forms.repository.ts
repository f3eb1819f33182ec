import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { isValidBarcode, type FormListFilter } from '@taxfree/domain';
import { formFilterCondition } from './tax-form-list-filter.ts';
import type { Database, Db, HotRead } from '../../../db/client.ts';
import { likePattern } from '../../../lib/content-query.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { formStages, taxForms } from '../../../db/schema/index.ts';

/** A search reads at most this many words: enough for a name, a passport and an invoice. */
const MAX_SEARCH_WORDS = 5;

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
      .slice(0, MAX_SEARCH_WORDS)
  );
}

const barcodeIn = (words: string[]) =>
  words.length === 1 && isValidBarcode(words[0]!) ? words[0]! : null;

/** A search that is one valid barcode (its check digit right) names one form: that barcode. */
export function scannedBarcode(search: string | undefined): string | null {
  return barcodeIn(searchWords(search));
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

/** A form's row in the list, as every read of this module answers it. */
export type TaxFormListRow = {
  id: number;
  barcode: string;
  status: string;
  travelerName: string;
  travelerSurname: string;
  travelerEmail: string | null;
  issuedGovt: number | null;
  dateOfSales: string;
  invoiceReferenceNumber: string | null;
  grossAmount: string;
  vatAmount: string;
  netAmount: string;
  refundAmount: string;
  customerRefund: string;
  cancelled: boolean;
  exportDeadline: string | null;
};

/**
 * The list's columns in SQL for `Database.read`, named as `TaxFormListRow`: dates cast to text, as
 * the drivers would read them differently; amounts are numeric text from both. The id stays as it
 * is, so that ORDER BY id is the column's order (the list index's), not a text's.
 */
const LIST_COLUMNS = `id, barcode, status, traveler_name as "travelerName",
  traveler_surname as "travelerSurname", traveler_email as "travelerEmail",
  issued_govt as "issuedGovt", date_of_sales::text as "dateOfSales",
  invoice_reference_number as "invoiceReferenceNumber", gross_amount as "grossAmount",
  vat_amount as "vatAmount", net_amount as "netAmount", refund_amount as "refundAmount",
  customer_refund as "customerRefund", cancelled, export_deadline::text as "exportDeadline"`;

/** A row as `Database.read` answers it: the 64-bit id as text on PostgreSQL, a number on PGlite. */
type ReadRow<Row extends { id: number }> = Omit<Row, 'id'> & { id: string | number };

/** Rows of `Database.read` as list rows: each id made a number again, in place. */
function listRows<Row extends { id: number }>(rows: ReadRow<Row>[]): Row[] {
  for (const row of rows) (row as unknown as Row).id = Number(row.id);
  return rows as unknown as Row[];
}

/**
 * A page of the branch's forms, newest first: ordered as the list index is defined (DESC NULLS
 * LAST) so PostgreSQL reads the page straight from it. The kept total rides along with the page:
 * one round trip to the database, not two.
 */
export const LIST_PAGE: HotRead = {
  name: 'tax_form_list_page',
  text: `select ${LIST_COLUMNS},
      (select forms from branch_form_totals where company_id = $1 and branch_id = $2)::int as total
    from tax_forms where company_id = $1 and branch_id = $2
    order by created_at desc nulls last, id desc nulls last limit $3 offset $4`,
};

const BRANCH_TOTAL: HotRead = {
  name: 'branch_form_total',
  text: `select forms::int as total from branch_form_totals where company_id = $1 and branch_id = $2`,
};

/**
 * The branch's form with a scanned barcode. Barcodes are unique across every company, so there is
 * one match or none: no count is needed.
 */
export const BARCODE_MATCH: HotRead = {
  name: 'tax_form_barcode_match',
  text: `select ${LIST_COLUMNS} from tax_forms
    where company_id = $1 and branch_id = $2 and barcode = $3 limit 1`,
};

/**
 * A search of `words` words: every match read (from the search index) and counted once, then the
 * page is the newest of them. As a CTE used twice it is computed once, by the search index: a
 * window count over the newest-first scan would make the planner walk the whole branch instead.
 */
export const SEARCHES: HotRead[] = Array.from({ length: MAX_SEARCH_WORDS }, (_, index) => ({
  name: `tax_form_search_${index + 1}`,
  text: `with matches as (
      select ${LIST_COLUMNS}, created_at from tax_forms
      where company_id = $1 and branch_id = $2
        and ${Array.from({ length: index + 1 }, (_, word) => `search_text ilike $${word + 5}`).join(' and ')})
    select *, (select count(*) from matches)::int as total from matches
    order by created_at desc nulls last, id desc nulls last limit $3 offset $4`,
}));

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
