import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { announceChange, CHANGES_CHANNEL, parseChange, type Change } from '../db/change-notices.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  loadCompanyProfile,
  type CompanyProfile,
} from '../db/repositories/companies.repository.ts';
import { findLiveSession, type SessionContext } from '../db/repositories/sessions.repository.ts';
import { RecentCache } from '../lib/recent-cache.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The live session of a token; a signed-in call reads it from the database every few seconds. */
    findLiveSession: (token: string) => Promise<SessionContext | null>;
    /**
     * The company with its settings, read from the database every few seconds; NOT_FOUND if none.
     * Read through `db` when not kept: a caller inside a transaction passes it, since the embedded
     * database answers nothing else while a transaction is open.
     */
    companyProfile: (companyId: number, db?: Db | Tx) => Promise<CompanyProfile>;
    /**
     * Resolves once every process listening on the database has heard every change committed
     * before the call: a sign-out or a new password is in force for the very next call, through
     * any process.
     */
    changesHeard: () => Promise<void>;
  }
}

/** How many sessions and company profiles are kept at most. */
const MAX_SESSIONS = 10_000;
const MAX_COMPANIES = 2_000;
/**
 * How long the processes may take to answer a mark before this one drops everything it keeps
 * and goes on (a process that stopped answering still forgets its sessions within the TTL).
 */
const MARK_TIMEOUT_MS = 2_000;

type Mark = { answers: number; expected: number; resolve: () => void };

/**
 * Sessions and company profiles read on almost every call, kept in memory for
 * `CACHE_TTL_MS` (a few seconds) and ended at once, in every process, when a change is
 * announced (db/change-notices.ts): sign-out, a password change or reset, an operator's reset,
 * a change of the company's settings or legal identity. A session is never kept past its
 * expiry. Until the process listens for the changes, nothing is kept.
 */
export const recentReadsPlugin = fp(async (app: FastifyInstance) => {
  const ttlMs = app.config.CACHE_TTL_MS;
  const sessions = new RecentCache<string, SessionContext>({ max: MAX_SESSIONS, ttlMs });
  const companies = new RecentCache<number, CompanyProfile>({ max: MAX_COMPANIES, ttlMs });
  const marks = new Map<string, Mark>();

  const clearAll = () => {
    sessions.clear();
    companies.clear();
  };
  const apply = (change: Change) => {
    switch (change.kind) {
      case 'session':
        sessions.forget((session) => session.sessionId === change.sessionId);
        return;
      case 'user':
        sessions.forget(
          (session) => session.companyId === change.companyId && session.userId === change.userId,
        );
        return;
      case 'company':
        // A session carries its company's time zone.
        sessions.forget((session) => session.companyId === change.companyId);
        companies.forget((_, companyId) => companyId === change.companyId);
        return;
      case 'mark':
        // Every change committed before the mark has been applied above: say so to its sender.
        announceChange(app.db, { kind: 'heard', id: change.id }).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not answer a change mark');
        });
        return;
      case 'heard': {
        const mark = marks.get(change.id);
        if (mark && ++mark.answers >= mark.expected) mark.resolve();
        return;
      }
    }
  };

  const stopListening = await app.database.listen(CHANGES_CHANNEL, {
    notice: (payload) => {
      const change = parseChange(payload);
      if (change) apply(change);
      else clearAll();
    },
    listening: (listening) => {
      clearAll();
      sessions.holding = listening;
      companies.holding = listening;
    },
  });
  app.addHook('onClose', async () => {
    await stopListening();
    for (const mark of marks.values()) mark.resolve();
  });

  // Keyed by the token as sent: a kept session costs a map lookup, not a hash. Only a token the
  // database answered for is kept, and a change ends its session by what it is, not by its key.
  app.decorate('findLiveSession', (token: string) =>
    sessions.get(
      token,
      () => findLiveSession(app.db, token),
      (session) => session.expiresAt.getTime() - Date.now(),
    ),
  );
  app.decorate('companyProfile', async (companyId: number, db: Db | Tx = app.db) => {
    const profile = await companies.get(companyId, () => loadCompanyProfile(db, companyId));
    return profile!;
  });
  app.decorate('changesHeard', async () => {
    if (!sessions.holding) return;
    const id = crypto.randomUUID();
    const expected = await app.database.countListeners();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      marks.set(id, { answers: 0, expected, resolve });
      timer = setTimeout(() => {
        clearAll();
        resolve();
      }, MARK_TIMEOUT_MS);
    });
    try {
      await announceChange(app.db, { kind: 'mark', id });
      await heard;
    } finally {
      clearTimeout(timer);
      marks.delete(id);
    }
  });
});
