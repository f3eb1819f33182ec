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
 * What an API answer needs (OWASP's REST Security Cheat Sheet): it is data, never a document, so
 * nothing in it may load, run or be framed, nobody may guess another type for it, and neither a
 * shared counter machine's cache nor a proxy's may keep it, errors included. The document-only
 * headers (the page's script policy, opener and agent-cluster isolation, legacy browser switches)
 * would add some 600 bytes to every answer and protect nothing here. A route that streams a file
 * sets its own caching over this.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * Security headers with a strict Content-Security-Policy on the page, its files and the stored
 * pictures and forms: no inline or foreign scripts, no eval (WebAssembly may compile), no framing.
 * Styles allow inline because the component library sets style attributes. API answers get the
 * shorter set above.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { tileOrigins?: string[] }) => {
    // Built once, and its headers read once: they are the same for every answer of a kind.
    const documentHeaders = headersOf(
      helmet({
        // HSTS only when served over HTTPS (below).
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

    // The headers go on every answer, errors included; HSTS only over HTTPS, where it means
    // something. The page's CSRF token is sent back on every change; when present it must be
    // ours. Authentication travels in a header, not an ambient cookie, so a missing token is
    // allowed. One hook for all of it: it runs on every request.
    app.addHook('onRequest', (request, reply, next) => {
      void reply.headers(PRIVATE_ANSWERS.test(request.url) ? API_HEADERS : documentHeaders);
      if (request.protocol === 'https') {
        void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
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
