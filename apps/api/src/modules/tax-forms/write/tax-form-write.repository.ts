import { and, eq, sql } from 'drizzle-orm';
import { FORM_STAGES, makeBarcode, type FormToWrite, type TaxFormPayload } from '@taxfree/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import {
  auditLog,
  barcodeSerial,
  cancellations,
  formMails,
  formStages,
  invoices,
  productRows,
  taxForms,
} from '../../../db/schema/index.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import type { formColumns } from './tax-form-columns.ts';
import {
  formLineParts,
  runAsOne,
  travellerUpsert,
  type StatementPart,
} from './tax-form-statement-parts.ts';

/** What issuing, updating and cancelling a form write: every statement, tenant-scoped. */

export { formColumns } from './tax-form-columns.ts';

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
    form: FormToWrite;
    columns: ReturnType<typeof formColumns>;
    audit: { action: string; details: Record<string, unknown> };
  },
): Promise<number> {
  const { tenant, userId, columns } = input;
  const { companyId } = tenant;
  const formId = sql`(select id from issued_form)`;
  const parts: StatementPart[] = [
    { name: 'traveller', query: travellerUpsert(companyId, input.form.payload.taxform) },
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
    ...formLineParts(tx, companyId, formId, input.form.payload, input.form.computed),
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
    form: FormToWrite;
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
  const parts = formLineParts(
    tx,
    tenant.companyId,
    formId,
    input.form.payload,
    input.form.computed,
  );
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
