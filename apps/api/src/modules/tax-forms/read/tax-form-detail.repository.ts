import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import {
  auditLog,
  breakdownLines,
  invoices,
  productRows,
  storedFiles,
  taxForms,
} from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/** One form with its invoices (each with its per-rate lines) and product rows. */
export async function findTaxFormDetail(db: Db | Tx, tenant: Tenant, formId: number) {
  const [form] = await db
    .select()
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
  const scope = and(eq(invoices.companyId, tenant.companyId), eq(invoices.taxFormId, formId));
  const [invoiceRows, lineRows, products] = await Promise.all([
    db.select().from(invoices).where(scope).orderBy(asc(invoices.position)),
    db
      .select()
      .from(breakdownLines)
      .where(
        and(eq(breakdownLines.companyId, tenant.companyId), eq(breakdownLines.taxFormId, formId)),
      )
      .orderBy(asc(breakdownLines.position)),
    db
      .select()
      .from(productRows)
      .where(and(eq(productRows.companyId, tenant.companyId), eq(productRows.taxFormId, formId)))
      .orderBy(asc(productRows.position)),
  ]);
  return {
    form,
    invoices: invoiceRows.map((invoice) => ({
      ...invoice,
      lines: lineRows.filter((line) => line.invoiceId === invoice.id),
    })),
    products,
  };
}

export type TaxFormDetail = NonNullable<Awaited<ReturnType<typeof findTaxFormDetail>>>;

/** What a print needs to know first: whether the stored PDF is of the form's current version. */
export async function findPrintState(db: Db | Tx, tenant: Tenant, formId: number) {
  const [row] = await db
    .select({
      id: taxForms.id,
      version: taxForms.version,
      pdfFile: taxForms.pdfFile,
      pdfVersion: taxForms.pdfVersion,
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
  return row ?? null;
}

/** Thrown when a print running at the same time stored the same version first. */
export class PdfAlreadyKept extends Error {
  constructor(readonly file: string) {
    super('the PDF of this version is already stored');
  }
}

/**
 * Keeps `next` as the stored PDF of the form's version `version`, and deletes the one it replaces.
 * Throws PdfAlreadyKept, naming the stored one, when a print running at the same time stored this
 * version first (the caller's transaction then rolls back, and its file with it).
 */
export async function keepFormPdf(
  tx: Tx,
  tenant: Tenant,
  files: { formId: number; version: number; next: string },
): Promise<string> {
  const [current] = await tx
    .select({ pdfFile: taxForms.pdfFile, pdfVersion: taxForms.pdfVersion })
    .from(taxForms)
    .where(and(eq(taxForms.companyId, tenant.companyId), eq(taxForms.id, files.formId)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND');
  if (current.pdfFile && current.pdfVersion === files.version) {
    throw new PdfAlreadyKept(current.pdfFile);
  }
  if (current.pdfFile) {
    await tx
      .delete(storedFiles)
      .where(
        and(eq(storedFiles.companyId, tenant.companyId), eq(storedFiles.name, current.pdfFile)),
      );
  }
  await tx
    .update(taxForms)
    .set({ pdfFile: files.next, pdfVersion: files.version })
    .where(and(eq(taxForms.companyId, tenant.companyId), eq(taxForms.id, files.formId)));
  return files.next;
}

/**
 * Counts one more print of the form and records it in the audit log with the user, in one
 * statement; answers the print's number (1 for the original).
 */
export async function recordPrint(
  db: Db | Tx,
  tenant: Tenant & { userId: number },
  print: { formId: number; version: number },
): Promise<number> {
  const rows = await queryRows<{ print_count: number }>(
    db,
    sql`with printed as (
          update ${taxForms} set print_count = print_count + 1
          where company_id = ${tenant.companyId} and id = ${print.formId}
          returning print_count
        ), audited as (
          insert into ${auditLog} (company_id, user_id, action, entity, entity_id, details)
          select ${tenant.companyId}, ${tenant.userId}, 'form.print', 'tax_form', ${String(print.formId)},
                 jsonb_build_object('print', print_count, 'version', ${print.version}::int)
          from printed
        )
        select print_count from printed`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return Number(rows[0].print_count);
}
