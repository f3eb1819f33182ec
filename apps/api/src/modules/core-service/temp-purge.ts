import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeTemporaryFiles } from '../../lib/stored-files.ts';

/** How often unclaimed uploads are looked for; never less often than their time to live. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes uploads that no saved record claimed within UPLOAD_TEMP_TTL. Every server process runs
 * it; deleting what another process already deleted is harmless.
 */
export const tempPurgePlugin = fp(async (app: FastifyInstance) => {
  const ttlSeconds = app.config.UPLOAD_TEMP_TTL;
  const run = async () => {
    try {
      const purged = await purgeTemporaryFiles(app.db, { ttlSeconds });
      if (purged > 0) app.log.info({ purged }, 'removed unclaimed uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'could not remove unclaimed uploads');
    }
  };
  const every = Math.min(PURGE_EVERY_MS, ttlSeconds * 1000);
  const timer = setInterval(() => void run(), every);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
});
