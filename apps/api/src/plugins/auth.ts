import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { SessionContext } from '../db/repositories/sessions.repository.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    /** The signed-in session; set by `app.authenticate`. */
    session: SessionContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** onRequest hook of protected routes (before the body is read): a live Bearer session whose tenant matches the URL. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of the go service's calls: `Authorization: Basic base64(<account number>:<token>)`,
     * a live session of that very account whose company matches the URL.
     */
    authenticateBasic: (request: FastifyRequest) => Promise<void>;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyContextConfig {
    /** The route stays open to a user who must change an operator-set password first. */
    allowBeforePasswordChange?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // The scheme is case-insensitive (RFC 9110, section 11.1): `bearer` is `Bearer`.
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,256})$/i.exec(header.trim());
  return match?.[1];
}

/** The account number and session token of a Basic header; null when it is not one. */
export function basicCredentials(
  request: FastifyRequest,
): { accountNo: string; token: string } | null {
  // The scheme is case-insensitive (RFC 9110, section 11.1): `basic` is `Basic`.
  const match = /^Basic\s+([A-Za-z0-9+/=]{4,512})$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) return { accountNo: '', token: '' };
  return { accountNo: decoded.slice(0, separator), token: decoded.slice(separator + 1) };
}

/**
 * The request's log lines carry its tenant and user from here on. The request's logger is its own
 * (a child made for it), so it gains the fields in place rather than through another child.
 */
function logTenant(request: FastifyRequest, session: SessionContext) {
  const fields = { tenant: session.companyId, user: session.userId };
  const log = request.log as FastifyBaseLogger & { setBindings?: (bindings: object) => void };
  if (typeof log.setBindings === 'function') log.setBindings(fields);
  else request.log = log.child(fields);
}

/** A URL that names a company or branch other than the session's is refused. */
function assertSameTenant(request: FastifyRequest, session: SessionContext) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if ('companyId' in params && Number(params.companyId) !== session.companyId) {
    throw new AppError('FORBIDDEN');
  }
  if ('branchId' in params && Number(params.branchId) !== session.branchId) {
    throw new AppError('FORBIDDEN');
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const session = await app.findLiveSession(token);
    if (!session) throw new AppError('SESSION_EXPIRED');
    request.session = session;
    logTenant(request, session);
    assertSameTenant(request, session);
    // A password an operator chose is known to two people: nothing else until it is changed.
    if (session.mustChangePassword && !request.routeOptions.config.allowBeforePasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
  });
  app.decorate('authenticateBasic', async (request: FastifyRequest) => {
    const credentials = basicCredentials(request);
    if (!credentials) throw new AppError('UNAUTHENTICATED');
    const session = credentials.accountNo ? await app.findLiveSession(credentials.token) : null;
    if (!session) throw new AppError('SESSION_EXPIRED');
    // The header is built from the account number, as the original client did: it must match.
    const { company } = await app.companyProfile(session.companyId);
    if (company.accountNo !== credentials.accountNo) {
      throw new AppError('UNAUTHENTICATED');
    }
    request.session = session;
    logTenant(request, session);
    assertSameTenant(request, session);
    if (session.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  });
});
