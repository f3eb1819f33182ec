import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { FORM_STAGES, WORKLIST_SIZE, type WorklistSection } from '@taxfree/domain';
import type { Db } from '../../../db/client.ts';
import { formStages, taxForms } from '../../../db/schema/index.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { formFilterCondition } from '../read/tax-form-list-filter.ts';

const [, VALIDATED, RECEIVED] = FORM_STAGES;

const tenantIs = (tenant: Tenant) =>
  and(eq(taxForms.companyId, tenant.companyId), eq(taxForms.branchId, tenant.branchId));

/**
 * When the form first reached one of `stages`, from its stage history (null when none is kept).
 * The outer form is named in full: drizzle leaves a one-table query's columns unqualified, which
 * inside the subquery would read the stage's own columns.
 */
const firstReached = (stages: string[]) =>
  sql<Date | null>`(select min(fs.created_at) from ${formStages} fs
    where fs.company_id = "tax_forms"."company_id" and fs.tax_form_id = "tax_forms"."id"
      and fs.stage in (${sql.join(
        stages.map((stage) => sql`${stage}`),
        sql`, `,
      )}))`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

const itemColumns = {
  id: taxForms.id,
  barcode: taxForms.barcode,
  travelerName: taxForms.travelerName,
  travelerSurname: taxForms.travelerSurname,
  status: taxForms.status,
  exportDeadline: taxForms.exportDeadline,
  customerRefund: taxForms.customerRefund,
};

export type WorklistRow = {
  id: number;
  barcode: string;
  travelerName: string;
  travelerSurname: string;
  status: string;
  exportDeadline: string | null;
  customerRefund: string;
};

/**
 * How many of the branch's forms each worklist section holds, as of the shop's `today`: the very
 * conditions of the list's filters of the same names, so a count always equals the list's total.
 */
export async function countWorklist(db: Db, tenant: Tenant, today: string) {
  const counted = (section: WorklistSection) =>
    sql<number>`count(*) filter (where ${formFilterCondition(section, today)})::int`;
  const [row] = await db
    .select({
      toRefund: counted('to_refund'),
      exportClosing: counted('export_closing'),
      expiredThisMonth: counted('expired_this_month'),
    })
    .from(taxForms)
    .where(tenantIs(tenant));
  return {
    to_refund: row?.toRefund ?? 0,
    export_closing: row?.exportClosing ?? 0,
    expired_this_month: row?.expiredThisMonth ?? 0,
  } satisfies Record<WorklistSection, number>;
}

/**
 * The forms waiting to be paid, those waiting longest first: by when customs validated them (or,
 * with no validation kept, when they were received), with the day they were received, from which a
 * payout deadline counts.
 */
export async function listToRefund(db: Db, tenant: Tenant, today: string) {
  const waitingSince = firstReached([VALIDATED, RECEIVED]);
  return db
    .select({
      ...itemColumns,
      waitingSince,
      receivedAt: firstReached([RECEIVED]),
    })
    .from(taxForms)
    .where(and(tenantIs(tenant), formFilterCondition('to_refund', today)))
    .orderBy(sql`${waitingSince} asc nulls last`, asc(taxForms.updatedAt), asc(taxForms.id))
    .limit(WORKLIST_SIZE);
}

/** The first forms under an export-deadline section, the earliest deadline first. */
export async function listByDeadline(
  db: Db,
  tenant: Tenant,
  section: Exclude<WorklistSection, 'to_refund'>,
  today: string,
): Promise<WorklistRow[]> {
  const condition: SQL | undefined = formFilterCondition(section, today);
  return db
    .select(itemColumns)
    .from(taxForms)
    .where(and(tenantIs(tenant), condition))
    .orderBy(asc(taxForms.exportDeadline), asc(taxForms.id))
    .limit(WORKLIST_SIZE);
}
