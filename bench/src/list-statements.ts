/**
 * The statements the server sends for the list page and its two searches, as its repository
 * builds them (apps/api/src/modules/tax-forms/tax-forms.repository.ts), written out for the
 * ceilings that send them without the server: `pg-ceiling.ts` and `minimal-server.ts`.
 */
const LIST_COLUMNS = `id, barcode, status, traveler_name as "travelerName",
  traveler_surname as "travelerSurname", traveler_email as "travelerEmail",
  issued_govt as "issuedGovt", date_of_sales::text as "dateOfSales",
  invoice_reference_number as "invoiceReferenceNumber", gross_amount as "grossAmount",
  vat_amount as "vatAmount", net_amount as "netAmount", refund_amount as "refundAmount",
  customer_refund as "customerRefund", cancelled, export_deadline::text as "exportDeadline"`;

/** One statement with its values; `name` makes it a prepared statement on node-postgres. */
export type Statement = { name?: string; text: string; values: unknown[] };

/** The tenant every statement is limited to. */
export type Branch = { companyId: number; branchId: number };

/** Page 1 of the list, five forms: one prepared statement, the kept total riding along. */
export function pageStatement({ companyId, branchId }: Branch): Statement {
  return {
    name: 'tax_form_list_page',
    text: `select ${LIST_COLUMNS},
        (select forms from branch_form_totals where company_id = $1 and branch_id = $2)::int as total
      from tax_forms where company_id = $1 and branch_id = $2
      order by created_at desc nulls last, id desc nulls last limit $3 offset $4`,
    values: [companyId, branchId, 5, 0],
  };
}

/** A scanned barcode names one form: no count, a prepared statement. */
export function barcodeStatement({ companyId, branchId }: Branch, barcode: string): Statement {
  return {
    name: 'tax_form_barcode_match',
    text: `select ${LIST_COLUMNS} from tax_forms
      where company_id = $1 and branch_id = $2 and barcode = $3 limit 1`,
    values: [companyId, branchId, barcode],
  };
}

/**
 * A search by a fragment of the search text: every match read from the search index and counted
 * once (the `matches` CTE), then the newest five. A typed '%' or '_' matches itself.
 */
export function surnameStatement({ companyId, branchId }: Branch, fragment: string): Statement {
  return {
    name: 'tax_form_search_1',
    text: `with matches as (
        select ${LIST_COLUMNS}, created_at from tax_forms
        where company_id = $1 and branch_id = $2
          and search_text ilike $5)
      select *, (select count(*) from matches)::int as total from matches
      order by created_at desc nulls last, id desc nulls last limit $3 offset $4`,
    values: [companyId, branchId, 5, 0, `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
  };
}
