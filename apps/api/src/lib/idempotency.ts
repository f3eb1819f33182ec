import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/** How long an answer is kept for replay (the 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The header a client sends to have a retried request answered once (optional). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'invalidValue')
    .optional(),
});

export type StoredAnswer<T> = { statusCode: number; body: T };

export const requestHash = (payload: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(payload)).digest('hex');

/**
 * Runs `work` once per (tenant, key). The key row is inserted in the same transaction as the
 * work: a concurrent retry with the same key waits on the unique index until the first commits,
 * then replays its answer; if the first failed and rolled back, the retry does the work itself.
 * A key reused with a different payload is refused.
 */
export async function once<T>(
  db: Db,
  scope: { companyId: number; key: string; payload: unknown },
  work: (tx: Tx) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  const hash = requestHash(scope.payload);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({
          companyId: scope.companyId,
          key: scope.key,
          requestHash: hash,
          expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 1) {
        const answer = await work(tx);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: answer.statusCode, response: JSON.stringify(answer.body) })
          .where(
            and(eq(idempotencyKeys.companyId, scope.companyId), eq(idempotencyKeys.key, scope.key)),
          );
        return { ...answer, replayed: false };
      }
      const [existing] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.companyId, scope.companyId), eq(idempotencyKeys.key, scope.key)),
        )
        .limit(1);
      if (!existing) return 'retry' as const;
      if (existing.expiresAt.getTime() <= Date.now()) {
        await tx
          .delete(idempotencyKeys)
          .where(
            and(eq(idempotencyKeys.companyId, scope.companyId), eq(idempotencyKeys.key, scope.key)),
          );
        return 'retry' as const;
      }
      if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (existing.statusCode === null || existing.response === null)
        throw new AppError('CONFLICT');
      return {
        statusCode: existing.statusCode,
        body: JSON.parse(existing.response) as T,
        replayed: true,
      };
    });
    if (outcome !== 'retry') return outcome;
  }
  throw new AppError('CONFLICT');
}

/** Forgets answers past their day; run with the other housekeeping. Answers how many went. */
export async function purgeExpiredKeys(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
