import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A graceful close (SIGTERM): no new connections are accepted, and every request the server has
 * already been sent is answered in full, even one read after the close began (a clerk's form sent
 * a moment before is issued, not refused). Every answer given while closing ends its connection:
 * a kept-alive connection would otherwise hold the process open until its keep-alive timeout,
 * past the grace period, and the close would cut requests short.
 *
 * The close also waits for handlers whose client has already hung up: their connection is gone,
 * so the HTTP server no longer waits for them, yet they still write to the database, which must
 * not be closed under them. A request whose client hung up before its body was read is not waited
 * for: the body never will be, so its handler never runs (a till's call aborted while its key's
 * allowance is checked, say), and waiting for it would hold every close to its grace period.
 */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  const inFlight = new Set<FastifyRequest>();
  /** Requests whose body was read: their handler will run, and is waited for. */
  const parsed = new WeakSet<FastifyRequest>();
  let drained: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) drained?.();
  };

  // The hooks that run on every request take a callback: no promise of their own per request.
  app.addHook('onRequest', (request, _reply, next) => {
    inFlight.add(request);
    next();
  });
  app.addHook('preValidation', (request, _reply, next) => {
    parsed.add(request);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    if (!parsed.has(request)) done(request);
    next();
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, next) => {
    // The handler has its answer: whatever it wrote to the database is written.
    done(request);
    if (closing) void reply.header('Connection', 'close');
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    // An answer whose headers went out before the close began left its connection kept alive.
    if (closing) app.server.closeIdleConnections();
    next();
  });
  app.addHook('onClose', async () => {
    if (inFlight.size === 0) return;
    app.log.info({ requests: inFlight.size }, 'waiting for requests whose clients hung up');
    await new Promise<void>((resolve) => (drained = resolve));
  });
});
