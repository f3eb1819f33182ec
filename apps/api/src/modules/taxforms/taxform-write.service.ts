import { and, eq, sql } from 'drizzle-orm';
import {
  amountMismatches,
  centsToAmount,
  computeFormAmounts,
  FORM_STAGES,
  fromCents,
  generalSettingSchema,
  issueFormSchema,
  makeBarcode,
  parseSetting,
  refundCalculationSettingSchema,
  taxFreeSettingSchema,
  vatSettingSchema,
  type ComputedForm,
  type TaxFormPayload,
} from '@taxfree/domain';
import type { CountryCode } from 'libphonenumber-js';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import {
  barcodeSerial,
  breakdownLines,
  formStages,
  invoices,
  productRows,
  taxForms,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { encrypt } from '../../lib/secret-key.ts';
import { getSettings } from '../reference/reference.repository.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { formSearchText } from './taxforms.repository.ts';

export type FormSettings = Awaited<ReturnType<typeof loadFormSettings>>;

export async function loadFormSettings(db: Db, companyId: number) {
  const row = await getSettings(db, companyId);
  return {
    general: parseSetting(generalSettingSchema, row?.generalSetting),
    taxFree: parseSetting(taxFreeSettingSchema, row?.taxFreeSetting),
    vat: parseSetting(vatSettingSchema, row?.vatSetting),
    refund: parseSetting(refundCalculationSettingSchema, row?.refundCalculationSetting),
  };
}

/** Every rule of SPEC 5 for these settings; field errors name the payload's paths. */
export function validateForm(
  body: unknown,
  settings: FormSettings,
  context: { today: string; country: string },
): TaxFormPayload {
  const parsed = issueFormSchema(settings, {
    today: () => context.today,
    phoneCountry: context.country as CountryCode,
  }).safeParse(body);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      })),
    });
  }
  return parsed.data;
}

/**
 * The amounts as the server computes them from the lines. A payload whose amounts disagree by
 * more than a cent is refused, unless the clerk typed them by hand (no_auto_calculation), in
 * which case they are kept as sent and the form records it.
 */
export function formAmounts(payload: TaxFormPayload, settings: FormSettings): ComputedForm {
  const amountSettings = {
    purchaseAmountType: settings.vat.purchase_amount_type,
    refund: settings.refund,
    productsMode: settings.taxFree.products_in_tfs_form === 1,
  };
  if (payload.taxform.no_auto_calculation !== 1 && !amountSettings.productsMode) {
    const mismatches = amountMismatches(payload.invoice, amountSettings);
    if (mismatches.length > 0) {
      throw new AppError('AMOUNTS_DISAGREE', {
        errors: mismatches.map((m) => ({ field: m.path, message: 'amountMismatch' })),
      });
    }
  }
  const computed = computeFormAmounts(payload, amountSettings);
  if (payload.taxform.no_auto_calculation !== 1 || amountSettings.productsMode) return computed;
  return manualAmounts(payload, computed);
}

/** Hand-typed amounts: each line and invoice as sent, totals as their sums. */
function manualAmounts(payload: TaxFormPayload, computed: ComputedForm): ComputedForm {
  const cents = (amount: number) => Math.round(amount * 100);
  const invoiceList = payload.invoice.map((invoice, i) => {
    const lines = invoice.breakdown.map((line) => ({
      rate: line.vat_product_rate,
      net: cents(line.net_sales_amount),
      vat: cents(line.vat_amount),
      gross: cents(line.gross_sales_price),
      refund: cents(line.customer_refund),
    }));
    const refund = cents(invoice.customer_refund);
    return {
      ...(computed.invoices[i] ?? { lines: [] }),
      lines,
      net: lines.reduce((s, l) => s + l.net, 0),
      vat: cents(invoice.vat_amount),
      gross: cents(invoice.gross_sales_price),
      refund,
      fee: Math.max(cents(invoice.vat_amount) - refund, 0),
    };
  });
  return {
    invoices: invoiceList,
    net: invoiceList.reduce((s, i) => s + i.net, 0),
    vat: invoiceList.reduce((s, i) => s + i.vat, 0),
    gross: invoiceList.reduce((s, i) => s + i.gross, 0),
    refund: invoiceList.reduce((s, i) => s + i.refund, 0),
    fee: invoiceList.reduce((s, i) => s + i.fee, 0),
  };
}

const orNull = (text: string | null | undefined) =>
  text === '' || text === undefined ? null : text;

/** The traveller record, created or brought up to date from the form (one per passport). */
async function upsertTraveller(tx: Tx, companyId: number, t: TaxFormPayload['taxform']) {
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

function formColumns(
  payload: TaxFormPayload,
  computed: ComputedForm,
  secretKey: Buffer,
  barcode: string,
) {
  const t = payload.taxform;
  const card = t.acc_details;
  const iban = t.iban;
  const invoiceReferenceNumber =
    orNull(t.invoice_reference_number) ?? orNull(payload.invoice[0]?.invoice_reference_number);
  return {
    travelerName: t.traveler_name,
    travelerSurname: t.traveler_surname,
    travelerEmail: orNull(t.traveler_email),
    travelerMobile: orNull(t.traveler_mobile),
    passport: t.passport,
    issuedGovt: t.issued_govt,
    nationality: t.nationality,
    travelerDob: t.traveler_dob,
    travelerPostcode: orNull(t.traveler_postcode),
    travelerAddress: orNull(t.traveler_address),
    items: orNull(t.items),
    dateArrived: t.date_arrived,
    dateLeaving: t.date_leaving,
    countryFinal: t.country_final,
    dateOfSales: t.date_of_sales ?? new Date().toISOString().slice(0, 10),
    invoiceDate: t.invoice_date ?? payload.invoice[0]?.invoice_date ?? null,
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
async function writeLines(
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

async function nextBarcode(tx: Tx, companyId: number): Promise<string> {
  const [row] = await queryRows<{ serial: string }>(
    tx,
    sql`select nextval(${`${barcodeSerial.schema ?? 'public'}.${barcodeSerial.seqName}`}::regclass)::text as serial`,
  );
  return makeBarcode(companyId, Number(row!.serial));
}

/** Writes a new form, all of it or nothing (the caller's transaction). */
export async function issueForm(
  tx: Tx,
  input: {
    tenant: Tenant;
    userId: number;
    payload: TaxFormPayload;
    computed: ComputedForm;
    secretKey: Buffer;
  },
) {
  const { tenant, payload, computed } = input;
  const travellerId = await upsertTraveller(tx, tenant.companyId, payload.taxform);
  const barcode = await nextBarcode(tx, tenant.companyId);
  const [form] = await tx
    .insert(taxForms)
    .values({
      companyId: tenant.companyId,
      branchId: tenant.branchId,
      travellerId,
      barcode,
      status: FORM_STAGES[0],
      ilr: true,
      createdBy: input.userId,
      ...formColumns(payload, computed, input.secretKey, barcode),
    })
    .returning({ id: taxForms.id });
  await writeLines(tx, tenant.companyId, form!.id, payload, computed);
  await tx.insert(formStages).values({
    companyId: tenant.companyId,
    taxFormId: form!.id,
    stage: FORM_STAGES[0],
    userId: input.userId,
  });
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId: input.userId,
    action: 'form.issue',
    entity: 'tax_form',
    entityId: String(form!.id),
    details: {
      barcode,
      gross: centsToAmount(computed.gross),
      refund: centsToAmount(computed.refund),
    },
  });
  return { id: form!.id, barcode };
}

/** Replaces a form's contents; only while customs has not validated it and it is not cancelled. */
export async function updateForm(
  tx: Tx,
  input: {
    tenant: Tenant;
    userId: number;
    formId: number;
    payload: TaxFormPayload;
    computed: ComputedForm;
    secretKey: Buffer;
  },
) {
  const { tenant, payload, computed } = input;
  const scope = and(
    eq(taxForms.companyId, tenant.companyId),
    eq(taxForms.branchId, tenant.branchId),
    eq(taxForms.id, input.formId),
  );
  const [current] = await tx.select().from(taxForms).where(scope).for('update').limit(1);
  if (!current) throw new AppError('NOT_FOUND');
  if (current.cancelled || current.status !== FORM_STAGES[0])
    throw new AppError('FORM_NOT_EDITABLE');
  const travellerId = await upsertTraveller(tx, tenant.companyId, payload.taxform);
  await tx
    .update(taxForms)
    .set({
      ...formColumns(payload, computed, input.secretKey, current.barcode),
      travellerId,
      version: sql`${taxForms.version} + 1`,
      updatedAt: new Date(),
    })
    .where(scope);
  await tx
    .delete(invoices)
    .where(and(eq(invoices.companyId, tenant.companyId), eq(invoices.taxFormId, current.id)));
  await tx
    .delete(productRows)
    .where(and(eq(productRows.companyId, tenant.companyId), eq(productRows.taxFormId, current.id)));
  await writeLines(tx, tenant.companyId, current.id, payload, computed);
  await recordAudit(tx, {
    companyId: tenant.companyId,
    userId: input.userId,
    action: 'form.update',
    entity: 'tax_form',
    entityId: String(current.id),
    details: {
      barcode: current.barcode,
      gross: centsToAmount(computed.gross),
      refund: centsToAmount(computed.refund),
    },
  });
  return { id: current.id, barcode: current.barcode, encryptedCard: current.accDetailsEnc };
}
