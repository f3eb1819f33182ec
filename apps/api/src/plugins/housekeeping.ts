import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runHousekeeping } from '../lib/housekeeping.ts';

/** How often housekeeping runs; never less often than an upload's time to live. */
const RUN_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the housekeeping on a timer. Every server process runs it; deleting what another process
 * already deleted is harmless.
 */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const uploadTtlSeconds = app.config.UPLOAD_TEMP_TTL;
  const run = async () => {
    try {
      const removed = await runHousekeeping(app.db, { uploadTtlSeconds, files: app.files });
      if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed }, 'housekeeping');
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; it runs again later');
    }
  };
  const timer = setInterval(() => void run(), Math.min(RUN_EVERY_MS, uploadTtlSeconds * 1000));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
});
