import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  breakdownLines,
  invoices,
  productRows,
  storedFiles,
  taxForms,
} from '../../db/schema/index.ts';
import type { Tenant } from '../../lib/tenant.ts';

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

/** Points the form at its newly printed PDF and deletes the previous print's row, if any. */
export async function replaceFormPdf(
  tx: Tx,
  tenant: Tenant,
  files: { formId: number; previous: string | null; next: string },
): Promise<void> {
  if (files.previous) {
    await tx
      .delete(storedFiles)
      .where(
        and(eq(storedFiles.companyId, tenant.companyId), eq(storedFiles.name, files.previous)),
      );
  }
  await tx
    .update(taxForms)
    .set({ pdfFile: files.next })
    .where(and(eq(taxForms.companyId, tenant.companyId), eq(taxForms.id, files.formId)));
}
