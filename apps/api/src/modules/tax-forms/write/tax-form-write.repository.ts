import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  FORM_STAGES,
  fromCents,
  makeBarcode,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { formSearchText } from '../../../db/form-search-text.ts';
import {
  auditLog,
  barcodeSerial,
  breakdownLines,
  cancellations,
  formMails,
  formStages,
  invoices,
  productRows,
  taxForms,
} from '../../../db/schema/index.ts';
import { encrypt } from '../../../lib/secret-key.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/** What issuing, updating and cancelling a form write: every statement, tenant-scoped. */

const orNull = (text: string | null | undefined) =>
  text === '' || text === undefined ? null : text;

/** The traveller record, created or brought up to date from the form (one per passport). */
function travellerUpsert(companyId: number, t: TaxFormPayload['taxform']): SQL {
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
type StatementPart = { name: string; query: SQL };

/**
 * Sends the parts as one statement, in order, and answers the rows of `answer`: one round trip
 * for what would be as many statements (PostgreSQL runs each part once, all or nothing).
 */
async function runAsOne<T>(tx: Tx, parts: StatementPart[], answer: SQL): Promise<T[]> {
  const withs = sql.join(
    parts.map((part) => sql`${sql.identifier(part.name)} as (${part.query})`),
    sql`, `,
  );
  return queryRows<T>(tx, sql`with ${withs} ${answer}`);
}

/**
 * The form's own columns as the payload and the computed amounts fill them; a form without a date
 * of sale is sold `today`, the shop's day (dayIn).
 */
export function formColumns(
  payload: TaxFormPayload,
  computed: ComputedForm,
  secretKey: Buffer,
  form: {
    barcode: string;
    exportDeadline: string | null;
    travellerLanguage: string | null;
    today: string;
  },
) {
  const { barcode, exportDeadline, travellerLanguage, today } = form;
  const t = payload.taxform;
  const card = t.acc_details;
  const iban = t.iban;
  const invoiceReferenceNumber =
    orNull(t.invoice_reference_number) ?? orNull(payload.invoice[0]?.invoice_reference_number);
  return {
    travelerName: t.traveler_name,
    travelerSurname: t.traveler_surname,
    travelerEmail: orNull(t.traveler_email),
    travellerLanguage,
    travelerMobile: orNull(t.traveler_mobile),
    passport: t.passport,
    issuedGovt: t.issued_govt,
    nationality: t.nationality,
    residenceCountry: t.residence_country ?? t.issued_govt,
    residenceProof: orNull(t.residence_proof),
    passportExpiry: t.passport_expiry,
    travelerDob: t.traveler_dob,
    travelerPostcode: orNull(t.traveler_postcode),
    travelerAddress: orNull(t.traveler_address),
    items: orNull(t.items),
    dateArrived: t.date_arrived,
    dateLeaving: t.date_leaving,
    countryFinal: t.country_final,
    dateOfSales: t.date_of_sales ?? today,
    invoiceDate: t.invoice_date ?? payload.invoice[0]?.invoice_date ?? null,
    exportDeadline,
    methodOfShipment: orNull(t.method_of_shipment),
    freightForwardName: orNull(t.freight_forward_name),
    freightForwardAddress: orNull(t.freight_forward_address),
    methodOfRefund: t.method_of_refund,
    accDetailsEnc: card ? encrypt(secretKey, card) : null,
    accDetailsLast4: card ? card.slice(-4) : null,
    emailOrMobile: orNull(t.email_or_mobile),
    ibanEnc: iban ? encrypt(secretKey, iban) : null,
    ibanLast4: iban ? iban.slice(-4) : null,
    swift: orNull(t.swift),
    bankName: orNull(t.bank_name),
    bankAddress: orNull(t.bank_address),
    invoiceReferenceNumber,
    searchText: formSearchText({
      barcode,
      travelerName: t.traveler_name,
      travelerSurname: t.traveler_surname,
      travelerEmail: t.traveler_email,
      passport: t.passport,
      invoiceReferenceNumber,
      invoiceReferences: payload.invoice.map((invoice) => invoice.invoice_reference_number),
    }),
    grossSalesPrice: fromCents(computed.gross),
    grossAmount: fromCents(computed.gross),
    netAmount: fromCents(computed.net),
    vatAmount: fromCents(computed.vat),
    refundAmount: fromCents(computed.refund),
    customerRefund: fromCents(computed.refund),
    manualAmounts: t.no_auto_calculation === 1,
  };
}

/**
 * The statement parts that write a form's invoices, their per-rate lines (each finding its
 * invoice's new id by position) and its product rows. `taxFormId` may be an expression of an
 * earlier part (the form being inserted in the same statement). Lines and products go as one JSON
 * parameter each, unpacked by the database: a form of a thousand lines is then a short statement
 * with a few parameters, not ten thousand parameters and a thousand sub-plans, which the embedded
 * database would plan in memory it never gives back.
 */
function formLineParts(
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

/** A new barcode: the company's id and the next serial, with its check digit. */
export async function nextBarcode(tx: Tx, companyId: number): Promise<string> {
  const [row] = await queryRows<{ serial: string }>(
    tx,
    sql`select nextval(${`${barcodeSerial.schema ?? 'public'}.${barcodeSerial.seqName}`}::regclass)::text as serial`,
  );
  return makeBarcode(companyId, Number(row!.serial));
}

/**
 * A new form at its first stage, in one statement: its traveller (created or brought up to
 * date), the form, the stage, its invoices with their lines and its products, the audit entry
 * and, when the form has an e-mail address, the traveller's e-mail queued. Answers its id.
 */
export async function insertIssuedForm(
  tx: Tx,
  input: {
    tenant: Tenant;
    userId: number;
    barcode: string;
    payload: TaxFormPayload;
    computed: ComputedForm;
    columns: ReturnType<typeof formColumns>;
    audit: { action: string; details: Record<string, unknown> };
  },
): Promise<number> {
  const { tenant, userId, columns } = input;
  const { companyId } = tenant;
  const formId = sql`(select id from issued_form)`;
  const parts: StatementPart[] = [
    { name: 'traveller', query: travellerUpsert(companyId, input.payload.taxform) },
    {
      name: 'issued_form',
      query: tx
        .insert(taxForms)
        .values({
          companyId,
          branchId: tenant.branchId,
          travellerId: sql`(select id from traveller)`,
          barcode: input.barcode,
          status: FORM_STAGES[0],
          ilr: true,
          createdBy: userId,
          ...columns,
        })
        .returning({ id: taxForms.id })
        .getSQL(),
    },
    {
      name: 'first_stage',
      query: tx
        .insert(formStages)
        .values({ companyId, taxFormId: formId, stage: FORM_STAGES[0], userId })
        .getSQL(),
    },
    ...formLineParts(tx, companyId, formId, input.payload, input.computed),
    {
      name: 'audit_entry',
      query: tx
        .insert(auditLog)
        .values({
          companyId,
          userId,
          action: input.audit.action,
          entity: 'tax_form',
          entityId: sql`(select id::text from issued_form)`,
          details: input.audit.details,
        })
        .getSQL(),
    },
  ];
  if (columns.travelerEmail) {
    parts.push({
      name: 'issued_mail',
      query: tx
        .insert(formMails)
        .values({
          companyId,
          taxFormId: formId,
          kind: 'issued',
          recipient: columns.travelerEmail,
          language: columns.travellerLanguage ?? 'en',
          userId,
        })
        .getSQL(),
    });
  }
  const [row] = await runAsOne<{ id: string | number }>(tx, parts, sql`select id from issued_form`);
  return Number(row!.id);
}

/** The traveller record of an updated form, created or brought up to date; answers its id. */
export async function upsertTraveller(tx: Tx, companyId: number, t: TaxFormPayload['taxform']) {
  const [row] = await queryRows<{ id: number }>(tx, travellerUpsert(companyId, t));
  return row!.id;
}

const formOf = (tenant: Tenant, formId: number) =>
  and(
    eq(taxForms.companyId, tenant.companyId),
    eq(taxForms.branchId, tenant.branchId),
    eq(taxForms.id, formId),
  );

/** The branch's form, locked until the transaction ends; null when the branch has no such form. */
export async function findTaxFormForUpdate(tx: Tx, tenant: Tenant, formId: number) {
  const [form] = await tx
    .select()
    .from(taxForms)
    .where(formOf(tenant, formId))
    .for('update')
    .limit(1);
  return form ?? null;
}

/** Replaces a form's columns and its invoices, lines and product rows. */
export async function replaceTaxForm(
  tx: Tx,
  input: {
    tenant: Tenant;
    formId: number;
    travellerId: number;
    columns: ReturnType<typeof formColumns>;
    payload: TaxFormPayload;
    computed: ComputedForm;
  },
): Promise<void> {
  const { tenant, formId } = input;
  await tx
    .update(taxForms)
    .set({
      ...input.columns,
      travellerId: input.travellerId,
      version: sql`${taxForms.version} + 1`,
      // A changed form is a new document: its next print is its original.
      printCount: 0,
      updatedAt: new Date(),
    })
    .where(formOf(tenant, formId));
  await tx
    .delete(invoices)
    .where(and(eq(invoices.companyId, tenant.companyId), eq(invoices.taxFormId, formId)));
  await tx
    .delete(productRows)
    .where(and(eq(productRows.companyId, tenant.companyId), eq(productRows.taxFormId, formId)));
  const parts = formLineParts(tx, tenant.companyId, formId, input.payload, input.computed);
  if (parts.length > 0) await runAsOne(tx, parts, sql`select 1`);
}

/** Marks the form cancelled and records why. */
export async function insertCancellation(
  tx: Tx,
  input: {
    tenant: Tenant;
    userId: number;
    formId: number;
    reason: string;
    comments: string | null;
  },
): Promise<void> {
  const { tenant } = input;
  await tx
    .update(taxForms)
    .set({
      cancelled: true,
      ilr: false,
      updatedAt: new Date(),
      // Its next print says CANCELLED.
      version: sql`${taxForms.version} + 1`,
    })
    .where(formOf(tenant, input.formId));
  await tx.insert(cancellations).values({
    companyId: tenant.companyId,
    taxFormId: input.formId,
    cancelReason: input.reason,
    cancelComments: input.comments,
    userId: input.userId,
  });
}
