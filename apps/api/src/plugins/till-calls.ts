import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../db/repositories/sessions.repository.ts';
import { AppError } from '../lib/app-error.ts';
import { admit } from '../lib/throttle.ts';
import { noteApiKeyUse } from '../db/repositories/api-keys.repository.ts';

/** How often a key's "last used" is written, at most, by one process. */
const NOTE_EVERY_MS = 60_000;

/**
 * Admits calls through a till's key: refused with 429 and `Retry-After` past the key's share
 * (`API_KEY_RATE_PER_MINUTE`, counted in the database, so across every process), and noted as
 * the key's last use about once a minute. What was noted when belongs to the app, as its
 * database does.
 */
export function tillCallAdmission(
  app: FastifyInstance,
): (session: SessionContext) => Promise<void> {
  const lastNoted = new Map<number, number>();
  return async (session) => {
    const rule = { scope: 'api-key', limit: app.config.API_KEY_RATE_PER_MINUTE, windowMs: 60_000 };
    const wait = await admit(app.db, [{ rule, key: String(session.sessionId) }]);
    if (wait > 0) {
      throw new AppError('API_KEY_RATE_EXCEEDED', {
        params: { seconds: wait },
        headers: { 'Retry-After': String(wait) },
      });
    }
    const now = Date.now();
    if ((lastNoted.get(session.sessionId) ?? 0) > now - NOTE_EVERY_MS) return;
    if (lastNoted.size > 10_000) lastNoted.clear();
    lastNoted.set(session.sessionId, now);
    await noteApiKeyUse(app.db, session.sessionId);
  };
}
