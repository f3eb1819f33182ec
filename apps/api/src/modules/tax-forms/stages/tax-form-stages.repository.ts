import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { formStages, taxForms } from '../../../db/schema/index.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/** What recording a form's stage reads and writes: every statement, tenant-scoped. */

export type FormStageRow = typeof formStages.$inferSelect;

/** Who recorded a stage: a signed-in user, an operator's command, or an integration. */
export type StageSource = 'portal' | 'operator' | 'api';

/** The export date recorded with the form's customs validation; null when none was recorded. */
export async function findRecordedExportDate(
  tx: Tx,
  tenant: Tenant,
  formId: number,
): Promise<string | null> {
  const [row] = await tx
    .select({ exportDate: formStages.exportDate })
    .from(formStages)
    .where(
      and(
        eq(formStages.companyId, tenant.companyId),
        eq(formStages.taxFormId, formId),
        eq(formStages.stage, 'FORM_VALIDATED'),
      ),
    )
    .orderBy(desc(formStages.id))
    .limit(1);
  return row?.exportDate ?? null;
}

/**
 * Moves the form to `stage`: it can no longer be cancelled, and its next print is of a new
 * version.
 */
export async function moveFormToStage(
  tx: Tx,
  input: { tenant: Tenant; formId: number; stage: string },
): Promise<void> {
  const { tenant } = input;
  await tx
    .update(taxForms)
    .set({
      status: input.stage,
      ilr: false,
      version: sql`${taxForms.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(taxForms.companyId, tenant.companyId),
        eq(taxForms.branchId, tenant.branchId),
        eq(taxForms.id, input.formId),
      ),
    );
}

/** The step's row in the form's stage history, with what was recorded with it. */
export async function insertFormStage(
  tx: Tx,
  input: {
    tenant: Tenant;
    formId: number;
    stage: string;
    userId: number | null;
    source: StageSource;
    details: Partial<
      Pick<
        FormStageRow,
        | 'exportDate'
        | 'customsOffice'
        | 'customsRecordNumber'
        | 'refundDate'
        | 'paidAmount'
        | 'paidMethod'
      >
    >;
  },
): Promise<FormStageRow> {
  const [row] = await tx
    .insert(formStages)
    .values({
      companyId: input.tenant.companyId,
      taxFormId: input.formId,
      stage: input.stage,
      userId: input.userId,
      source: input.source,
      ...input.details,
    })
    .returning();
  return row!;
}

/** The company's form with this barcode and the branch that holds it; null when there is none. */
export async function findFormByBarcode(
  db: Db | Tx,
  companyId: number,
  barcode: string,
): Promise<{ id: number; branchId: number } | null> {
  const [row] = await db
    .select({ id: taxForms.id, branchId: taxForms.branchId })
    .from(taxForms)
    .where(and(eq(taxForms.companyId, companyId), eq(taxForms.barcode, barcode)))
    .limit(1);
  return row ?? null;
}
