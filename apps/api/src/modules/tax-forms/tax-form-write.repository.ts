import { and, eq, sql } from 'drizzle-orm';
import {
  FORM_STAGES,
  fromCents,
  makeBarcode,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import { queryRows, type Tx } from '../../db/client.ts';
import { formSearchText } from '../../db/form-search-text.ts';
import {
  barcodeSerial,
  breakdownLines,
  cancellations,
  formStages,
  invoices,
  productRows,
  taxForms,
} from '../../db/schema/index.ts';
import { encrypt } from '../../lib/secret-key.ts';
import type { Tenant } from '../../lib/tenant.ts';

/** What issuing, updating and cancelling a form write: every statement, tenant-scoped. */

const orNull = (text: string | null | undefined) =>
  text === '' || text === undefined ? null : text;

/** The traveller record, created or brought up to date from the form (one per passport). */
export async function upsertTraveller(tx: Tx, companyId: number, t: TaxFormPayload['taxform']) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into travellers (company_id, name, surname, email, mobile, passport, issued_govt, nationality,
          date_of_birth, postcode, address)
        values (${companyId}, ${t.traveler_name}, ${t.traveler_surname}, ${orNull(t.traveler_email)},
          ${orNull(t.traveler_mobile)}, ${t.passport}, ${t.issued_govt}, ${t.nationality}, ${t.traveler_dob},
          ${orNull(t.traveler_postcode)}, ${orNull(t.traveler_address)})
        on conflict (company_id, upper(passport)) do update set
          name = excluded.name, surname = excluded.surname, email = excluded.email, mobile = excluded.mobile,
          issued_govt = excluded.issued_govt, nationality = excluded.nationality,
          date_of_birth = excluded.date_of_birth, postcode = excluded.postcode, address = excluded.address,
          updated_at = now()
        returning id`,
  );
  return row!.id;
}

/** The form's own columns as the payload and the computed amounts fill them. */
export function formColumns(
  payload: TaxFormPayload,
  computed: ComputedForm,
  secretKey: Buffer,
  form: { barcode: string; exportDeadline: string | null; travellerLanguage: string | null },
) {
  const { barcode, exportDeadline, travellerLanguage } = form;
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
    dateOfSales: t.date_of_sales ?? new Date().toISOString().slice(0, 10),
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

/** Invoices with their per-rate lines, and product rows, of one form. */
export async function insertFormLines(
  tx: Tx,
  companyId: number,
  taxFormId: number,
  payload: TaxFormPayload,
  computed: ComputedForm,
) {
  const sources =
    payload.invoice.length > 0 ? payload.invoice : computed.invoices.map(() => undefined);
  for (const [i, invoice] of computed.invoices.entries()) {
    const sent = sources[i];
    const [row] = await tx
      .insert(invoices)
      .values({
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
      })
      .returning({ id: invoices.id });
    if (invoice.lines.length > 0) {
      await tx.insert(breakdownLines).values(
        invoice.lines.map((line, k) => ({
          companyId,
          taxFormId,
          invoiceId: row!.id,
          position: k + 1,
          vatProductRate: String(line.rate),
          netSalesAmount: fromCents(line.net),
          vatAmount: fromCents(line.vat),
          grossSalesPrice: fromCents(line.gross),
          customerRefund: fromCents(line.refund),
        })),
      );
    }
  }
  if (payload.products.length > 0) {
    await tx.insert(productRows).values(
      payload.products.map((product, k) => ({
        companyId,
        taxFormId,
        position: k + 1,
        classification: product.classification,
        description: product.description,
        quantity: product.quantity,
        serialNumber: orNull(product.serial_number),
        netAmount: fromCents(Math.round(product.net_amount * 100)),
        vatRate: String(product.vat_rate),
        simplifiedInvoiceNumber: orNull(product.simplified_invoice_number),
        simplifiedInvoiceDate: product.simplified_invoice_date,
      })),
    );
  }
}

/** A new barcode: the company's id and the next serial, with its check digit. */
export async function nextBarcode(tx: Tx, companyId: number): Promise<string> {
  const [row] = await queryRows<{ serial: string }>(
    tx,
    sql`select nextval(${`${barcodeSerial.schema ?? 'public'}.${barcodeSerial.seqName}`}::regclass)::text as serial`,
  );
  return makeBarcode(companyId, Number(row!.serial));
}

/** A new form at its first stage, and that stage; answers its id. */
export async function insertTaxForm(
  tx: Tx,
  input: { tenant: Tenant; userId: number; travellerId: number; barcode: string } & {
    columns: ReturnType<typeof formColumns>;
  },
): Promise<number> {
  const { tenant } = input;
  const [form] = await tx
    .insert(taxForms)
    .values({
      companyId: tenant.companyId,
      branchId: tenant.branchId,
      travellerId: input.travellerId,
      barcode: input.barcode,
      status: FORM_STAGES[0],
      ilr: true,
      createdBy: input.userId,
      ...input.columns,
    })
    .returning({ id: taxForms.id });
  await tx.insert(formStages).values({
    companyId: tenant.companyId,
    taxFormId: form!.id,
    stage: FORM_STAGES[0],
    userId: input.userId,
  });
  return form!.id;
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
  await insertFormLines(tx, tenant.companyId, formId, input.payload, input.computed);
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
