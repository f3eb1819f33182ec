import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage } from '@taxfree/domain';
import { AppError } from '../lib/app-error.ts';
import { translator } from '../lib/i18n.ts';

/**
 * Fastify's `frameworkErrors`: a URL whose percent-encoding is broken is refused by the router
 * before any hook runs, so the request has no language yet. It is given one here and the
 * refusal goes through the one error handler, which answers the envelope in that language
 * instead of Fastify's own body.
 */
export function frameworkErrors(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.language = languageFromAcceptLanguage(request.headers['accept-language']);
  request.t = translator(request.language);
  // `reply.send(error)` would take Fastify's default handler here, not the app's.
  return request.server.errorHandler(new AppError('BAD_REQUEST') as FastifyError, request, reply);
}
