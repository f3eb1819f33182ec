import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditEntry = {
  companyId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string;
  details?: Record<string, unknown>;
};

/** Records who did what to which record; written in the same transaction as the change. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
