import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { branches, companies, formStages, taxForms } from '../../../db/schema/index.ts';

/**
 * The form a traveller asks after, by its number alone (unique across companies), with what the
 * public status page may show and the code to check. Nothing personal is read.
 */
export async function findFormByBarcode(db: Db | Tx, barcode: string) {
  const [form] = await db
    .select({
      id: taxForms.id,
      companyId: taxForms.companyId,
      barcode: taxForms.barcode,
      status: taxForms.status,
      cancelled: taxForms.cancelled,
      exportDeadline: taxForms.exportDeadline,
      dateOfSales: taxForms.dateOfSales,
      createdAt: taxForms.createdAt,
      customerRefund: taxForms.customerRefund,
      verificationCode: taxForms.verificationCode,
      currency: companies.currency,
      timeZone: companies.timeZone,
      country: companies.country,
      shopName: branches.branchName,
    })
    .from(taxForms)
    .innerJoin(companies, eq(companies.id, taxForms.companyId))
    .innerJoin(branches, eq(branches.id, taxForms.branchId))
    .where(eq(taxForms.barcode, barcode))
    .limit(1);
  return form ?? null;
}

/** The stages the form went through, oldest first, with the stamp's and the payout's dates. */
export async function listPublicStages(db: Db, form: { id: number; companyId: number }) {
  return db
    .select({
      stage: formStages.stage,
      createdAt: formStages.createdAt,
      exportDate: formStages.exportDate,
      refundDate: formStages.refundDate,
      paidAmount: formStages.paidAmount,
    })
    .from(formStages)
    .where(and(eq(formStages.companyId, form.companyId), eq(formStages.taxFormId, form.id)))
    .orderBy(asc(formStages.createdAt), asc(formStages.id));
}
