import { and, eq, sql } from 'drizzle-orm';
import type { FormListFilter } from '@taxfree/domain';
import type { Db } from '../../../db/client.ts';
import type { FormScope } from '../../../lib/tenant.ts';
import { taxForms } from '../../../db/schema/index.ts';
import { formBranchName } from '../read/form-branch-name.ts';
import { formFilterCondition } from '../read/tax-form-list-filter.ts';
import { scannedBarcode, searchCondition } from '../read/tax-forms.repository.ts';

/** Rows read per query: small enough to keep memory flat, large enough to keep queries few. */
export const EXPORT_BATCH_ROWS = 1000;

export type FormExportQuery = {
  search?: string | undefined;
  stage?: FormListFilter | undefined;
  /** The shop's calendar day, which the stage filter judges deadlines by. */
  today: string;
  /** The shop's time zone: a form's issue day is its creation time's day there. */
  timeZone: string;
  batchRows?: number;
};

function exportColumns(timeZone: string) {
  return {
    id: taxForms.id,
    barcode: taxForms.barcode,
    status: taxForms.status,
    travelerName: taxForms.travelerName,
    travelerSurname: taxForms.travelerSurname,
    travelerEmail: taxForms.travelerEmail,
    issuedGovt: taxForms.issuedGovt,
    dateOfSales: taxForms.dateOfSales,
    /**
     * Every invoice's number once, in the form's order (an invoice of several VAT rates is kept
     * as one row per rate); the form's own when its invoices have none.
     */
    // Written with its tables named: drizzle leaves a subquery's columns unqualified.
    invoiceReferenceNumber: sql<string | null>`coalesce(
      (select string_agg(numbers.number, ', ' order by numbers.first)
        from (select i.invoice_reference_number as number, min(i.position) as first
          from invoices i
          where i.company_id = tax_forms.company_id and i.tax_form_id = tax_forms.id
            and i.invoice_reference_number <> ''
          group by i.invoice_reference_number) numbers),
      tax_forms.invoice_reference_number)`,
    grossAmount: taxForms.grossAmount,
    vatAmount: taxForms.vatAmount,
    netAmount: taxForms.netAmount,
    refundAmount: taxForms.refundAmount,
    customerRefund: taxForms.customerRefund,
    cancelled: taxForms.cancelled,
    exportDeadline: taxForms.exportDeadline,
    /** The user who issued the form; null for one issued by an operator's import. */
    issuedBy: sql<string | null>`(select u.name from users u
      where u.company_id = tax_forms.company_id and u.id = tax_forms.created_by)`,
    /** The branch that issued the form, which a company-wide export names. */
    branchName: formBranchName,
    issuedOn: sql<string>`to_char(${taxForms.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
    /**
     * The keyset cursor as text: a JavaScript Date keeps milliseconds, the column microseconds,
     * and a cursor rounded to the millisecond would skip or repeat rows.
     */
    cursorAt: sql<string>`${taxForms.createdAt}::text`,
  };
}

export type FormExportRow = Awaited<ReturnType<typeof readBatch>>[number];

function readBatch(
  db: Db,
  where: ReturnType<typeof and>,
  timeZone: string,
  after: { at: string; id: number } | null,
  limit: number,
) {
  return db
    .select(exportColumns(timeZone))
    .from(taxForms)
    .where(
      and(
        where,
        after
          ? sql`(${taxForms.createdAt}, ${taxForms.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${taxForms.createdAt} desc nulls last`, sql`${taxForms.id} desc nulls last`)
    .limit(limit);
}

/**
 * Every form the list shows under the same search and stage filter (the branch's list, or the
 * list of all branches for a scope without a branch), newest first, a batch at a time: each batch continues after the last row of the one before (keyset on created_at, id),
 * so no query holds a cursor or a transaction open between batches, on PGlite as on PostgreSQL,
 * and memory holds one batch whatever the number of forms.
 */
export async function* exportFormBatches(
  db: Db,
  scope: FormScope,
  query: FormExportQuery,
): AsyncGenerator<FormExportRow[]> {
  const scanned = scannedBarcode(query.search);
  const filter = formFilterCondition(query.stage, query.today);
  // As the list: a scanned barcode alone names its form; with a filter it is searched as text.
  const match =
    scanned !== null && !filter ? eq(taxForms.barcode, scanned) : searchCondition(query.search);
  const where = and(
    eq(taxForms.companyId, scope.companyId),
    scope.branchId === undefined ? undefined : eq(taxForms.branchId, scope.branchId),
    match,
    filter,
  );
  const limit = query.batchRows ?? EXPORT_BATCH_ROWS;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows = await readBatch(db, where, query.timeZone, after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    const last = rows.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}
