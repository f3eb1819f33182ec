import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
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
