import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { FORM_STAGES, WORKLIST_SIZE, type WorklistSection } from '@taxfree/domain';
import type { Db } from '../../../db/client.ts';
import { formStages, taxForms } from '../../../db/schema/index.ts';
import type { FormScope } from '../../../lib/tenant.ts';
import { formBranchName } from '../read/form-branch-name.ts';
import { formFilterCondition } from '../read/tax-form-list-filter.ts';

const [, VALIDATED, RECEIVED] = FORM_STAGES;

/** The forms of a branch, or of every branch of the company for a scope without one. */
const scopeIs = (scope: FormScope) =>
  and(
    eq(taxForms.companyId, scope.companyId),
    scope.branchId === undefined ? undefined : eq(taxForms.branchId, scope.branchId),
  );

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
  dateOfSales: taxForms.dateOfSales,
  createdAt: taxForms.createdAt,
  branchId: taxForms.branchId,
  /** The form's branch, which a worklist of every branch names. */
  branchName: formBranchName,
};

export type WorklistRow = {
  id: number;
  barcode: string;
  travelerName: string;
  travelerSurname: string;
  status: string;
  exportDeadline: string | null;
  customerRefund: string;
  dateOfSales: string;
  createdAt: Date;
  branchId: number;
  branchName: string;
};

/**
 * How many of the scope's forms (a branch's, or the company's) each worklist section holds, as of the shop's `today`: the very
 * conditions of the list's filters of the same names, so a count always equals the list's total.
 */
export async function countWorklist(db: Db, scope: FormScope, today: string) {
  const counted = (section: WorklistSection) =>
    sql<number>`count(*) filter (where ${formFilterCondition(section, today)})::int`;
  const [row] = await db
    .select({
      toRefund: counted('to_refund'),
      exportClosing: counted('export_closing'),
      expiredThisMonth: counted('expired_this_month'),
    })
    .from(taxForms)
    .where(scopeIs(scope));
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
export async function listToRefund(db: Db, scope: FormScope, today: string) {
  const waitingSince = firstReached([VALIDATED, RECEIVED]);
  return db
    .select({
      ...itemColumns,
      waitingSince,
      receivedAt: firstReached([RECEIVED]),
    })
    .from(taxForms)
    .where(and(scopeIs(scope), formFilterCondition('to_refund', today)))
    .orderBy(sql`${waitingSince} asc nulls last`, asc(taxForms.updatedAt), asc(taxForms.id))
    .limit(WORKLIST_SIZE);
}

/** The first forms under an export-deadline section, the earliest deadline first. */
export async function listByDeadline(
  db: Db,
  scope: FormScope,
  section: Exclude<WorklistSection, 'to_refund'>,
  today: string,
): Promise<WorklistRow[]> {
  const condition: SQL | undefined = formFilterCondition(section, today);
  return db
    .select(itemColumns)
    .from(taxForms)
    .where(and(scopeIs(scope), condition))
    .orderBy(asc(taxForms.exportDeadline), asc(taxForms.id))
    .limit(WORKLIST_SIZE);
}
