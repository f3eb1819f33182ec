import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/app-error.ts';
import { isValidCsrfToken } from '../lib/secret-key.ts';

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets, read once by running it on a stand-in answer: helmet's
 * headers depend on its options only, never on the request.
 */
function headersOf(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error as Error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The API, the core service and the go service: answers about someone, never public. */
const PRIVATE_ANSWERS = /^\/(?:api\/v2|core-service|go-service)(?:[/?#]|$)/i;

/**
 * Security headers with a strict Content-Security-Policy: no inline or foreign scripts, no eval
 * (WebAssembly may compile), no framing. Styles allow inline because the component library sets style attributes.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { tileOrigins?: string[] }) => {
    // Built once, and its headers read once: they are the same for every answer.
    const securityHeaders = headersOf(
      helmet({
        // HSTS only when served over HTTPS (below): over plain HTTP it would be meaningless.
        hsts: false,
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            // WebAssembly compiles (the camera's QR reader); no JavaScript eval.
            scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...(options.tileOrigins ?? [])],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            workerSrc: ["'self'", 'blob:'],
          },
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      }),
    );

    app.addHook('onSend', (request, reply, payload, next) => {
      if (request.protocol === 'https') {
        void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      // Forms, travellers, users and tokens must not stay in a shared counter machine's cache
      // or a proxy's, errors included. Stored files and the web app set their own caching.
      if (!reply.hasHeader('cache-control') && PRIVATE_ANSWERS.test(request.url)) {
        void reply.header('Cache-Control', 'no-store');
      }
      next(null, payload);
    });

    // The headers go on every answer, errors included. The page's CSRF token is sent back on
    // every change; when present it must be ours. Authentication travels in a header, not an
    // ambient cookie, so a missing token is allowed. One hook for both: it runs on every request.
    app.addHook('onRequest', (request, reply, next) => {
      void reply.headers(securityHeaders);
      if (!UNSAFE_METHODS.has(request.method)) {
        next();
        return;
      }
      const token = request.headers['x-csrf-token'];
      if (typeof token === 'string' && token !== '' && !isValidCsrfToken(app.secretKey, token)) {
        next(new AppError('CSRF_INVALID'));
        return;
      }
      next();
    });
  },
);
