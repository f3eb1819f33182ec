import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEnvelope } from '@taxfree/domain';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyContextConfig {
    /** The route bounds its own body's arrival (uploads: an idle timeout between bytes). */
    ownBodyTimeout?: boolean;
  }
}

/** How long a client is told to wait when the bodies being received fill their budget. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Bytes of request bodies received but not yet whole, counted across the process: what slow
 * clients can make the server hold. Past the budget the next bytes are refused, not kept.
 */
class BodyBudget {
  held = 0;
  constructor(readonly limit: number) {}
}

/**
 * Passes a body on, counting its bytes against the budget until it is whole or given up; `release`
 * gives them back, once, whichever comes first.
 */
function countedBody(budget: BodyBudget): { stream: Transform; release: () => void } {
  let counted = 0;
  const release = () => {
    budget.held -= counted;
    counted = 0;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (budget.held + chunk.length > budget.limit) {
        callback(
          new AppError('SERVER_BUSY', {
            headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
          }),
        );
        return;
      }
      budget.held += chunk.length;
      counted += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      release();
      callback();
    },
  });
  stream.once('close', release);
  // The body's reader hears a refusal while it reads; one that gave up already (413) need not.
  stream.on('error', () => {});
  return { stream, release };
}

/** The error Node gives a request whose client closed the connection before its body came. */
function clientGone(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/** Whether the request's headers announce a body: a length, or a transfer coding. */
function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Answers 408 on the connection itself and closes it, as Node does for late headers: the body
 * is still being read, so the reply cannot go through Fastify's.
 */
function cutLateRequest(request: FastifyRequest) {
  const socket = request.raw.socket;
  if (!socket || socket.destroyed) return;
  const envelope: ErrorEnvelope = {
    status: 'error',
    code: 'REQUEST_TIMEOUT',
    message: request.t('errors.REQUEST_TIMEOUT'),
  };
  const body = JSON.stringify(envelope);
  request.log.info('request body did not arrive in time: connection closed');
  socket.end(
    `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroySoon();
}

/**
 * Bounds what a client can make the server hold while its request arrives: a body must be whole
 * within REQUEST_TIMEOUT_MS of its headers (Node bounds the headers), the bodies being received
 * share a budget of bytes, and a request answered before its body came (refused, too large, not
 * signed in) closes its connection rather than have the server read the rest.
 */
export const requestLimitsPlugin = fp(
  async (app: FastifyInstance, options: { timeoutMs: number; bodyBudgetBytes: number }) => {
    const budget = new BodyBudget(options.bodyBudgetBytes);

    app.addHook('onRequest', (request, reply, done) => {
      // Without a length or a chunked body a request has none (RFC 9112, section 6.3): nothing
      // to wait for, so no timer and no listeners, as for most calls (every GET).
      if (request.raw.complete || !hasBody(request) || request.routeOptions.config.ownBodyTimeout) {
        done();
        return;
      }
      const timer = setTimeout(() => {
        if (!request.raw.complete) cutLateRequest(request);
      }, options.timeoutMs);
      timer.unref();
      const clear = () => clearTimeout(timer);
      request.raw.once('end', clear);
      request.raw.once('close', clear);
      reply.raw.once('finish', clear);
      done();
    });

    app.addHook('preParsing', (request, reply, payload, done) => {
      const type = request.headers['content-type'] ?? '';
      // Multipart bodies stream to disk under the upload's own limits; whole bodies hold nothing new.
      if (request.raw.complete || type.startsWith('multipart/')) {
        done(null, payload);
        return;
      }
      const counted = countedBody(budget);
      // `pipe` passes no error on: a client that leaves must end the body's reading too.
      payload.once('error', (error) => counted.stream.destroy(error));
      // A body the answer came before (413, 503) stops being read and gives its bytes back; one
      // whose client left fails its reading as Node fails the request's own stream.
      reply.raw.once('close', () => {
        if (!counted.stream.destroyed) counted.stream.destroy(request.raw.errored ?? clientGone());
      });
      request.raw.once('close', counted.release);
      done(null, payload.pipe(counted.stream));
    });

    app.addHook('onSend', (request, reply, _payload, done) => {
      // `complete` is still false while a request without a body is answered in the tick that
      // read its headers (the page, the API description): such a one keeps its connection.
      if (hasBody(request) && !request.raw.complete) void reply.header('connection', 'close');
      done();
    });

    app.decorate('bodyBudget', budget);
  },
  { name: 'request-limits' },
);

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** Bytes of bodies being received, and how many may be. */
    bodyBudget: { held: number; limit: number };
  }
}
