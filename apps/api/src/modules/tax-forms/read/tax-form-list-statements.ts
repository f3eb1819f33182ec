import type { HotRead } from '../../../db/client.ts';
import { taxForms } from '../../../db/schema/index.ts';
import { MAX_SEARCH_WORDS } from './tax-form-search.ts';

export const listColumns = {
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
export type ReadRow<Row extends { id: number }> = Omit<Row, 'id'> & { id: string | number };

/** Rows of `Database.read` as list rows: each id made a number again, in place. */
export function listRows<Row extends { id: number }>(rows: ReadRow<Row>[]): Row[] {
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

export const BRANCH_TOTAL: HotRead = {
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
