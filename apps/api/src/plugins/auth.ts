import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_ROW_ID, mayDo, TILL_ROLE, type Capability } from '@taxfree/domain';
import { AppError } from '../lib/app-error.ts';
import { addRequestFields } from '../lib/logging.ts';
import { isCompanyBranch } from '../db/repositories/branches.repository.ts';
import { tillCallAdmission } from './till-calls.ts';
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
    /**
     * onRequest hook after `authenticate`: the session's role may do `capability`
     * (staff/roles.ts in the domain), else 403 MANAGER_ONLY (NOT_FOR_API_KEYS to a till's key).
     */
    allow: (capability: Capability) => (request: FastifyRequest) => Promise<void>;
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

/** The request's log lines name its tenant and user from here on. */
function logTenant(request: FastifyRequest, session: SessionContext) {
  addRequestFields(request.log, { tenant: session.companyId, user: session.userId });
}

/**
 * A URL that names a company other than the session's is refused, and so is another branch,
 * except to a role that works in every branch of its company (a manager): the request then works
 * in the branch the URL names, once it is known to be one of the company's. Branches never move
 * between companies, so a branch once found is remembered (`knownBranches`, `companyId:branchId`,
 * the app's own, as its database is).
 */
async function tenantOf(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  knownBranches: Set<string>,
): Promise<SessionContext> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if ('companyId' in params && Number(params.companyId) !== session.companyId) {
    throw new AppError('FORBIDDEN');
  }
  if (!('branchId' in params)) return session;
  const branchId = Number(params.branchId);
  if (branchId === session.branchId) return session;
  // Not an id at all ('1e400', '-1', past an integer column): no branch of anyone's.
  const isRowId = Number.isSafeInteger(branchId) && branchId > 0 && branchId <= MAX_ROW_ID;
  if (!isRowId || !mayDo(session.role, 'allBranches')) throw new AppError('FORBIDDEN');
  const key = `${session.companyId}:${branchId}`;
  if (!knownBranches.has(key)) {
    if (!(await isCompanyBranch(app.db, { companyId: session.companyId, branchId }))) {
      throw new AppError('FORBIDDEN');
    }
    if (knownBranches.size > 10_000) knownBranches.clear();
    knownBranches.add(key);
  }
  return { ...session, branchId };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const knownBranches = new Set<string>();
  const admitTillCall = tillCallAdmission(app);
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const session = await app.findLiveSession(token);
    if (!session) throw new AppError('SESSION_EXPIRED');
    request.session = await tenantOf(app, request, session, knownBranches);
    logTenant(request, session);
    if (session.role === TILL_ROLE) await admitTillCall(session);
    // A password an operator chose is known to two people: nothing else until it is changed.
    if (session.mustChangePassword && !request.routeOptions.config.allowBeforePasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
  });
  app.decorate('allow', (capability: Capability) =>
    // The capability rides on the hook, for the description to say who may call the route.
    Object.assign(
      async (request: FastifyRequest) => {
        const session = request.session;
        if (!session) throw new AppError('UNAUTHENTICATED');
        if (mayDo(session.role, capability)) return;
        throw new AppError(session.role === TILL_ROLE ? 'NOT_FOR_API_KEYS' : 'MANAGER_ONLY');
      },
      { capability },
    ),
  );
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
    request.session = await tenantOf(app, request, session, knownBranches);
    logTenant(request, session);
    if (session.role === TILL_ROLE) await admitTillCall(session);
    if (session.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  });
});
