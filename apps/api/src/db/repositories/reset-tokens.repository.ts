import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { companies, passwordResetTokens, users } from '../schema/index.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

export async function findUsersByEmail(db: Db, accountNo: string, email: string) {
  return db
    .select({
      userId: users.id,
      companyId: users.companyId,
      username: users.username,
      name: users.name,
      email: users.email,
      accountNo: companies.accountNo,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(companies.accountNo, accountNo.trim()),
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
      ),
    )
    .limit(5);
}

/**
 * Ends every live reset link of the user: a newer link or a new password makes them moot, and a
 * link forgotten in a mailbox must not set the password later.
 */
export async function endResetTokens(db: Db | Tx, companyId: number, userId: number) {
  const now = new Date();
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.companyId, companyId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
}

/**
 * A new reset link for the user, which ends the user's earlier links. Inside a transaction, the
 * user's row stays locked until it ends, so two links asked for at once cannot both stay live.
 */
export async function createResetToken(
  db: Db | Tx,
  companyId: number,
  userId: number,
  ttlSeconds: number,
): Promise<string> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .for('update');
  await endResetTokens(db, companyId, userId);
  const token = createToken();
  await db.insert(passwordResetTokens).values({
    companyId,
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** The live (unused, unexpired) token, with the account it belongs to. */
export async function findLiveResetToken(db: Db | Tx, token: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      companyId: passwordResetTokens.companyId,
      userId: passwordResetTokens.userId,
      accountNo: companies.accountNo,
    })
    .from(passwordResetTokens)
    .innerJoin(companies, eq(companies.id, passwordResetTokens.companyId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the token used; false when another request used it first (single use). */
export async function consumeResetToken(tx: Tx, id: number): Promise<boolean> {
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return used.length === 1;
}
