import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_KEY_PREFIX, TILL_ROLE, type ApiKey, type CreatedApiKey } from '@taxfree/domain';
import type { Db, Tx } from '../client.ts';
import { revokeSession } from './sessions.repository.ts';
import { apiKeys, branches, sessions, users } from '../schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

/**
 * A till's keys (db/schema/api-keys.ts): each acts as a user of its own, role `till`, through a
 * session whose token is the key. Every statement is scoped to the company.
 */

/** How long a key without a last day lives: as long as the shop keeps it. */
const NO_END = new Date('9999-12-31T00:00:00Z');

type NewKey = {
  companyId: number;
  branchId: number;
  name: string;
  expiresAt: Date | null;
  /** The manager who creates it. */
  createdBy: number;
};

/** Creates a key, its user and its session, in the caller's transaction. Audited. */
export async function createApiKey(tx: Tx, input: NewKey): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${createToken()}`;
  const [user] = await tx
    .insert(users)
    .values({
      companyId: input.companyId,
      branchId: input.branchId,
      username: `till-${crypto.randomUUID()}`,
      // The key's user never signs in with a password.
      passwordHash: NO_PASSWORD,
      name: input.name,
      role: TILL_ROLE,
    })
    .returning({ id: users.id });
  const [session] = await tx
    .insert(sessions)
    .values({
      companyId: input.companyId,
      branchId: input.branchId,
      userId: user!.id,
      tokenHash: hashToken(key),
      expiresAt: input.expiresAt ?? NO_END,
    })
    .returning({ id: sessions.id });
  const [row] = await tx
    .insert(apiKeys)
    .values({
      companyId: input.companyId,
      branchId: input.branchId,
      userId: user!.id,
      sessionId: session!.id,
      name: input.name,
      lastFour: key.slice(-4),
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
    })
    .returning({ id: apiKeys.id });
  await recordAudit(tx, {
    companyId: input.companyId,
    userId: input.createdBy,
    action: 'apiKey.create',
    entity: 'apiKey',
    entityId: String(row!.id),
    details: { name: input.name, branchId: input.branchId, lastFour: key.slice(-4) },
  });
  return { id: row!.id, key };
}

const creators = alias(users, 'creators');

/** The company's keys not revoked, newest first: never the keys themselves. */
export async function listApiKeys(db: Db | Tx, companyId: number): Promise<ApiKey[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      branchId: apiKeys.branchId,
      branchName: branches.branchName,
      lastFour: apiKeys.lastFour,
      createdAt: apiKeys.createdAt,
      createdBy: creators.name,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .innerJoin(branches, and(eq(branches.id, apiKeys.branchId), eq(branches.companyId, companyId)))
    .leftJoin(creators, eq(creators.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    branch_id: row.branchId,
    branch_name: row.branchName,
    last_four: row.lastFour,
    created_at: iso(row.createdAt)!,
    created_by: row.createdBy,
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
  }));
}

/**
 * Revokes a key at once, in every process (its session ends as a sign-out does, and its user can
 * no longer act): false when the company has no such key still in force. Audited.
 */
export async function revokeApiKey(
  tx: Tx,
  input: { companyId: number; keyId: number; revokedBy: number },
): Promise<boolean> {
  const [key] = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.companyId, input.companyId),
        eq(apiKeys.id, input.keyId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ sessionId: apiKeys.sessionId, userId: apiKeys.userId, name: apiKeys.name });
  if (!key) return false;
  await tx
    .update(users)
    .set({ active: false })
    .where(and(eq(users.companyId, input.companyId), eq(users.id, key.userId)));
  await revokeSession(tx, key.sessionId);
  await recordAudit(tx, {
    companyId: input.companyId,
    userId: input.revokedBy,
    action: 'apiKey.revoke',
    entity: 'apiKey',
    entityId: String(input.keyId),
    details: { name: key.name },
  });
  return true;
}

/** Notes a key's use (the session its calls come through), for the list's "last used". */
export async function noteApiKeyUse(db: Db, sessionId: number): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.sessionId, sessionId));
}
