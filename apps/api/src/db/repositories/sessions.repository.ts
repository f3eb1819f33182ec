import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ActorRole } from '@taxfree/domain';
import { announceChange } from '../../db/change-notices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { companies, sessions, users } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

export type SessionContext = {
  sessionId: number;
  companyId: number;
  branchId: number;
  userId: number;
  expiresAt: Date;
  /** Set by an operator's new or reset password: only the password change is allowed. */
  mustChangePassword: boolean;
  /** The company's time zone: its shops count their days in it. */
  timeZone: string;
  /** What the user may do (staff/roles.ts in the domain). */
  role: ActorRole;
};

export async function createSession(
  db: Db | Tx,
  input: {
    companyId: number;
    branchId: number;
    userId: number;
    ttlSeconds: number;
    ip?: string;
    userAgent?: string | undefined;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = createToken();
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  await db.insert(sessions).values({
    companyId: input.companyId,
    branchId: input.branchId,
    userId: input.userId,
    tokenHash: hashToken(token),
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 256),
  });
  return { token, expiresAt };
}

const liveSession = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      companyId: sessions.companyId,
      branchId: sessions.branchId,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      mustChangePassword: users.mustChangePassword,
      timeZone: companies.timeZone,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        eq(users.active, true),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

export async function findLiveSession(db: Db, token: string): Promise<SessionContext | null> {
  const [row] = await liveSession(db).execute({
    tokenHash: hashToken(token),
    now: new Date().toISOString(),
  });
  return row ?? null;
}

export async function revokeSession(db: Db | Tx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  await announceChange(db, { kind: 'session', sessionId });
}

/** Signs a user out everywhere, except optionally the session making the change. */
export async function revokeUserSessions(
  db: Db | Tx,
  companyId: number,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.companyId, companyId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
  // Every session of the user is read again, the one kept too: it carries the password state.
  await announceChange(db, { kind: 'user', companyId, userId });
}
