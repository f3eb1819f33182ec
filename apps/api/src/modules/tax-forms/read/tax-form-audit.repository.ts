import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { auditLog, taxForms, users } from '../../../db/schema/index.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/**
 * A form's audit entries, oldest first, with the name of the user who made each (null for an
 * operator's command or a background job); null when the branch has no such form. Every writer of
 * a form's entries (issue, update, print, cancel, stage, e-mail) records them as entity
 * `tax_form` with the form's id.
 */
export async function listFormAudit(db: Db, tenant: Tenant, formId: number) {
  const [form] = await db
    .select({ id: taxForms.id })
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
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      details: auditLog.details,
      userId: users.id,
      userName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.companyId, auditLog.companyId)))
    .where(
      and(
        eq(auditLog.companyId, tenant.companyId),
        eq(auditLog.entity, 'tax_form'),
        eq(auditLog.entityId, String(formId)),
        like(auditLog.action, 'form.%'),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

export type FormAuditRow = NonNullable<Awaited<ReturnType<typeof listFormAudit>>>[number];

/** The actions that give a form a new version (decideUpdate refuses a stale one). */
const CHANGES = ['form.issue', 'form.update', 'form.cancel', 'form.stage', 'form.resend'];

/** Who last changed the form and when: its newest entry of a change; null when there is none. */
export async function findLastFormChange(db: Db | Tx, tenant: Tenant, formId: number) {
  const [row] = await db
    .select({ at: auditLog.createdAt, userName: users.name })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.companyId, auditLog.companyId)))
    .where(
      and(
        eq(auditLog.companyId, tenant.companyId),
        eq(auditLog.entity, 'tax_form'),
        eq(auditLog.entityId, String(formId)),
        inArray(auditLog.action, CHANGES),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
