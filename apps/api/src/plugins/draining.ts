import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A graceful close (SIGTERM): no new connections are accepted, and every request the server has
 * already been sent is answered in full, even one read after the close began (a clerk's form sent
 * a moment before is issued, not refused). Every answer given while closing ends its connection:
 * a kept-alive connection would otherwise hold the process open until its keep-alive timeout,
 * past the grace period, and the close would cut requests short.
 */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });
  app.addHook('onResponse', async () => {
    // An answer whose headers went out before the close began left its connection kept alive.
    if (closing) app.server.closeIdleConnections();
  });
});
