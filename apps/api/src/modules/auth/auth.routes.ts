import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseDataSchema,
  mayDo,
  messageEnvelopeSchema,
  successEnvelope,
  type LoginResponseData,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { uploadUrl } from '../../lib/uploads.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { readVatSetting } from '../../db/repositories/settings.repository.ts';
import {
  accountKey,
  clearAccountFailures,
  recordFailure,
  secondsUntilAllowed,
} from './login-throttle.repository.ts';
import {
  createSession,
  findLiveSession,
  revokeSession,
} from '../../db/repositories/sessions.repository.ts';
import { findUserForLogin } from '../../db/repositories/users.repository.ts';
import { BODY_LIMIT_PUBLIC } from '../../lib/body-limits.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authorization',
    {
      bodyLimit: BODY_LIMIT_PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with account number, username and password',
        body: loginRequestSchema,
        response: { 200: successEnvelope(loginResponseDataSchema) },
      },
    },
    async (request) => {
      const { accountno, username, password } = request.body;
      const key = accountKey(accountno, username);
      const wait = await secondsUntilAllowed(app.db, key, request.ip);
      if (wait > 0) {
        throw new AppError('TOO_MANY_ATTEMPTS', {
          params: { minutes: Math.ceil(wait / 60) },
          headers: { 'Retry-After': String(wait) },
        });
      }

      const user = await findUserForLogin(app.db, accountno, username);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await recordFailure(app.db, key, request.ip);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await clearAccountFailures(app.db, key, request.ip);
      // Told only to whoever knows the password: a stranger learns nothing of the account.
      if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');

      const { token, expiresAt } = await createSession(app.db, {
        companyId: user.companyId,
        branchId: user.branchId,
        userId: user.userId,
        ttlSeconds: app.config.SESSION_TTL,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const data: LoginResponseData = {
        token,
        token_expiry: expiresAt.toISOString(),
        company_id: user.companyId,
        account_no: user.accountNo,
        username: user.username,
        name: user.name,
        image: user.image ? uploadUrl(user.accountNo, user.companyId, user.image) : null,
        user_master_id: user.userId,
        user_id: user.userId,
        role: user.role,
        retailerInfo: {
          retailer_branch_id: user.branchId,
          country: user.country,
          branch_name: user.branchName,
        },
        ushopSetting: user.ushopSetting,
        firstLogin: user.mustChangePassword ? 1 : 0,
        tfs_setting_info: {
          vat_setting: { product_rates: readVatSetting(user.vatSetting).product_rates },
        },
      };
      request.log.info({ tenant: user.companyId, user: user.userId }, 'signed in');
      return { status: 'success' as const, message: request.t('success.loginSuccessful'), data };
    },
  );

  app.delete(
    '/authorization',
    {
      // Open to anyone (the token is looked up inside): a body, which it does not need, stays small.
      bodyLimit: BODY_LIMIT_PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is revoked on the server',
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await findLiveSession(app.db, token) : null;
      if (!session) throw new AppError('UNAUTHENTICATED');
      // A till's key is revoked by a manager, not signed out by whoever holds it.
      if (!mayDo(session.role, 'ownAccount')) throw new AppError('NOT_FOR_API_KEYS');
      await revokeSession(app.db, session.sessionId);
      await app.changesHeard();
      return { status: 'success' as const, message: request.t('success.logoutSuccessful') };
    },
  );
};
