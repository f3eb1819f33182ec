import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { figuresIn, type ErrorCode, type ErrorEnvelope, type FieldError } from '@taxfree/domain';
import { AppError } from '../lib/app-error.ts';
import { isValidationKey } from '../lib/i18n.ts';

/** Status codes Fastify or a plugin may raise, mapped onto our codes. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** Database failures that mean "not reachable now", answered 503 rather than 500. */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** The driver's error, or the query error that wraps it (Drizzle keeps it as `cause`). */
function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    e = cause;
  }
  return false;
}

/**
 * The client closed the connection while its body was arriving: Node fails the request's stream
 * with ECONNRESET ("aborted"), which must not pass for the database's ECONNRESET.
 */
function isClientGone(error: unknown, request: FastifyRequest): boolean {
  if (error === request.raw.errored) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' && message === 'aborted';
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  options: {
    params?: Record<string, string | number>;
    errors?: (FieldError & { params?: Record<string, string | number> })[];
    headers?: Record<string, string>;
  } = {},
) {
  const body: ErrorEnvelope = {
    status: 'error',
    code,
    message: request.t(`errors.${code}`, figuresIn(options.params ?? {}, request.language)),
  };
  if (options.errors?.length) {
    body.errors = options.errors.map((e) => ({
      field: e.field,
      message: request.t(isValidationKey(e.message) ? e.message : 'invalidValue', {
        ...figuresIn(e.params ?? {}, request.language),
        ns: 'validation',
      }),
    }));
  }
  // The go service's client shows the first message of `errors` (SPEC 8): it always has one.
  if (!body.errors && request.url.startsWith('/go-service/')) {
    body.errors = [{ field: '', message: body.message }];
  }
  if (options.headers) void reply.headers(options.headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one place that turns failures into the envelope `{status: 'error', message, code,
 * errors?}`, with the message in the request's language. The unexpected is logged with its
 * context and answered with a generic message.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(request, reply, error.statusCode, error.code, error.options);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath.split('/').filter(Boolean)),
        message: issue.message ?? 'invalidValue',
      }));
      return send(request, reply, 400, 'VALIDATION_FAILED', { errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return send(request, reply, 500, 'INTERNAL');
    }
    if (isClientGone(error, request)) {
      request.log.info('the client closed the connection before its request arrived');
      return send(request, reply, 400, 'BAD_REQUEST');
    }
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(request, reply, 503, 'SERVICE_UNAVAILABLE', { headers: { 'Retry-After': '5' } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      return send(request, reply, status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'ROUTE_NOT_FOUND'));
});
