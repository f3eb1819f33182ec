import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * What the server keeps in memory for a few seconds (sessions, a company's profile) is ended
 * everywhere at once when it changes: the change is announced with PostgreSQL's NOTIFY, in the
 * transaction that makes it, so every process hears it exactly when the change is committed.
 */
export const CHANGES_CHANNEL = 'taxfree_changes';

export type Change =
  /** One session ended (sign-out). */
  | { kind: 'session'; sessionId: number }
  /** A user's sessions ended or their password changed (change, reset, operator's reset). */
  | { kind: 'user'; companyId: number; userId: number }
  /** A company's settings, legal identity or time zone changed. */
  | { kind: 'company'; companyId: number }
  /**
   * A marker a process sends: a process that hears it has heard everything committed before it,
   * and answers with `heard`.
   */
  | { kind: 'mark'; id: string }
  /** A process's answer to a mark. */
  | { kind: 'heard'; id: string };

/** Announces `change` to every process, when the caller's transaction commits. */
export async function announceChange(db: Db | Tx, change: Change): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

/** The change a notice carries; null for anything else. */
export function parseChange(payload: string): Change | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const change = value as Record<string, unknown>;
  switch (change.kind) {
    case 'session':
      return isId(change.sessionId) ? { kind: 'session', sessionId: change.sessionId } : null;
    case 'user':
      return isId(change.companyId) && isId(change.userId)
        ? { kind: 'user', companyId: change.companyId, userId: change.userId }
        : null;
    case 'company':
      return isId(change.companyId) ? { kind: 'company', companyId: change.companyId } : null;
    case 'mark':
    case 'heard':
      return typeof change.id === 'string' ? { kind: change.kind, id: change.id } : null;
    default:
      return null;
  }
}
