import { sql, type SQL } from 'drizzle-orm';
import { fromCents, type ComputedForm, type TaxFormPayload } from '@taxfree/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { breakdownLines, invoices, productRows } from '../../../db/schema/index.ts';
import { orNull } from './tax-form-columns.ts';

/** The traveller record, created or brought up to date from the form (one per passport). */
export function travellerUpsert(companyId: number, t: TaxFormPayload['taxform']): SQL {
  return sql`insert into travellers (company_id, name, surname, email, mobile, passport, issued_govt, nationality,
          date_of_birth, postcode, address)
        values (${companyId}, ${t.traveler_name}, ${t.traveler_surname}, ${orNull(t.traveler_email)},
          ${orNull(t.traveler_mobile)}, ${t.passport}, ${t.issued_govt}, ${t.nationality}, ${t.traveler_dob},
          ${orNull(t.traveler_postcode)}, ${orNull(t.traveler_address)})
        on conflict (company_id, upper(passport)) do update set
          name = excluded.name, surname = excluded.surname, email = excluded.email, mobile = excluded.mobile,
          issued_govt = excluded.issued_govt, nationality = excluded.nationality,
          date_of_birth = excluded.date_of_birth, postcode = excluded.postcode, address = excluded.address,
          updated_at = now()
        returning id`;
}

/** One part of a statement: `with <name> as (<query>)`; a later part may read what it returns. */
export type StatementPart = { name: string; query: SQL };

/**
 * Sends the parts as one statement, in order, and answers the rows of `answer`: one round trip
 * for what would be as many statements (PostgreSQL runs each part once, all or nothing).
 */
export async function runAsOne<T>(tx: Tx, parts: StatementPart[], answer: SQL): Promise<T[]> {
  const withs = sql.join(
    parts.map((part) => sql`${sql.identifier(part.name)} as (${part.query})`),
    sql`, `,
  );
  return queryRows<T>(tx, sql`with ${withs} ${answer}`);
}

/**
 * The statement parts that write a form's invoices, their per-rate lines (each finding its
 * invoice's new id by position) and its product rows. `taxFormId` may be an expression of an
 * earlier part (the form being inserted in the same statement). Lines and products go as one JSON
 * parameter each, unpacked by the database: a form of a thousand lines is then a short statement
 * with a few parameters, not ten thousand parameters and a thousand sub-plans, which the embedded
 * database would plan in memory it never gives back.
 */
export function formLineParts(
  tx: Tx,
  companyId: number,
  taxFormId: number | SQL,
  payload: TaxFormPayload,
  computed: ComputedForm,
): StatementPart[] {
  const parts: StatementPart[] = [];
  const sources =
    payload.invoice.length > 0 ? payload.invoice : computed.invoices.map(() => undefined);
  if (computed.invoices.length > 0) {
    const invoiceRows = computed.invoices.map((invoice, i) => {
      const sent = sources[i];
      return {
        companyId,
        taxFormId,
        position: i + 1,
        invoiceDate: sent?.invoice_date ?? null,
        invoiceReferenceNumber: orNull(sent?.invoice_reference_number),
        receiptId: orNull(sent?.receipt_id),
        netAmount: fromCents(invoice.net),
        vatAmount: fromCents(invoice.vat),
        grossSalesPrice: fromCents(invoice.gross),
        refundAmount: fromCents(invoice.refund),
        customerRefund: fromCents(invoice.refund),
        vatProductRate: invoice.lines[0] ? String(invoice.lines[0].rate) : null,
      };
    });
    parts.push({
      name: 'form_invoices',
      query: tx
        .insert(invoices)
        .values(invoiceRows)
        .returning({ id: invoices.id, position: invoices.position })
        .getSQL(),
    });
  }
  const lines = computed.invoices.flatMap((invoice, i) =>
    invoice.lines.map((line, k) => ({
      invoice: i + 1,
      position: k + 1,
      rate: String(line.rate),
      net: fromCents(line.net),
      vat: fromCents(line.vat),
      gross: fromCents(line.gross),
      refund: fromCents(line.refund),
    })),
  );
  if (lines.length > 0) {
    parts.push({
      name: 'form_lines',
      query: sql`insert into ${breakdownLines} (company_id, tax_form_id, invoice_id, position,
          vat_product_rate, net_sales_amount, vat_amount, gross_sales_price, customer_refund)
        select ${companyId}::int, ${taxFormId}::bigint, form_invoices.id, l.position, l.rate,
          l.net, l.vat, l.gross, l.refund
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(invoice int, position int,
          rate numeric, net numeric, vat numeric, gross numeric, refund numeric)
        join form_invoices on form_invoices.position = l.invoice`,
    });
  }
  if (payload.products.length > 0) {
    const products = payload.products.map((product, k) => ({
      position: k + 1,
      classification: product.classification,
      description: product.description,
      quantity: product.quantity,
      serial: orNull(product.serial_number),
      net: fromCents(Math.round(product.net_amount * 100)),
      rate: String(product.vat_rate),
      invoice: orNull(product.simplified_invoice_number),
      invoice_date: product.simplified_invoice_date ?? null,
    }));
    parts.push({
      name: 'form_products',
      query: sql`insert into ${productRows} (company_id, tax_form_id, position, classification,
          description, quantity, serial_number, net_amount, vat_rate, simplified_invoice_number,
          simplified_invoice_date)
        select ${companyId}::int, ${taxFormId}::bigint, p.position, p.classification,
          p.description, p.quantity, p.serial, p.net, p.rate, p.invoice, p.invoice_date
        from jsonb_to_recordset(${JSON.stringify(products)}::jsonb) as p(position int,
          classification text, description text, quantity int, serial text, net numeric,
          rate numeric, invoice text, invoice_date date)`,
    });
  }
  return parts;
}
