import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  messageEnvelopeSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { assertStrongPassword, passwordOwner } from '../../lib/password-policy.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeUserSessions } from '../../db/repositories/sessions.repository.ts';
import { findUser, setPassword } from '../../db/repositories/users.repository.ts';
import { enqueueResetRequest } from './reset-requests.ts';
import { admitResetRequest, resetRequestKey } from './reset-throttle.ts';
import {
  consumeResetToken,
  endResetTokens,
  findLiveResetToken,
} from '../../db/repositories/reset-tokens.repository.ts';
import { BODY_LIMIT_PUBLIC } from '../../lib/body-limits.ts';
import { companyParams } from '../../lib/route-params.ts';

const tokenParams = z.object({ token: resetTokenSchema });

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/companies/:companyId/users/password',
    {
      onRequest: [app.authenticate, app.allow('ownAccount')],
      config: { allowBeforePasswordChange: true },
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's password",
        security: [{ bearer: [] }],
        params: companyParams,
        body: changePasswordSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const user = await findUser(app.db, session.companyId, session.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!(await verifyPassword(user.passwordHash, request.body.oldPassword))) {
        throw new AppError('OLD_PASSWORD_WRONG', {
          errors: [{ field: 'oldPassword', message: 'invalidValue' }],
        });
      }
      if (request.body.password === request.body.oldPassword) {
        throw new AppError('PASSWORD_UNCHANGED');
      }
      const { company } = await app.companyProfile(session.companyId);
      await assertStrongPassword(request.body.password, { ...user, accountNo: company.accountNo });
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction(async (tx) => {
        await setPassword(tx, session.companyId, session.userId, passwordHash);
        // Other devices signed in with the old password are signed out; this one stays.
        await revokeUserSessions(tx, session.companyId, session.userId, session.sessionId);
        await endResetTokens(tx, session.companyId, session.userId);
        await recordAudit(tx, {
          companyId: session.companyId,
          userId: session.userId,
          action: 'password.change',
          entity: 'user',
          entityId: String(session.userId),
        });
      });
      await app.changesHeard();
      return { status: 'success' as const, message: request.t('success.passwordChanged') };
    },
  );

  app.post(
    '/resetPassword',
    {
      bodyLimit: BODY_LIMIT_PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Ask for a password reset e-mail',
        description:
          'Answers the same, at the same speed, whether or not the account and e-mail exist, so it cannot be used to find accounts; the e-mail is sent after the answer. Five requests per account number and e-mail an hour, and twenty per address a quarter of an hour, then 429 with Retry-After.',
        body: forgotPasswordSchema,
        response: { 200: messageEnvelopeSchema },
      },
      // The account's work is queued once the answer is out, so none of it runs beside the
      // answer and its timing tells nothing about the account.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { accountno, email } = request.body;
        enqueueResetRequest(app, { accountno, email, language: request.language });
      },
    },
    async (request) => {
      const { accountno, email } = request.body;
      const wait = await admitResetRequest(app.db, resetRequestKey(accountno, email), request.ip);
      if (wait > 0) {
        throw new AppError('TOO_MANY_RESET_REQUESTS', {
          params: { minutes: Math.ceil(wait / 60) },
          headers: { 'Retry-After': String(wait) },
        });
      }
      return { status: 'success' as const, message: request.t('success.resetEmailSent') };
    },
  );

  app.get(
    '/resetPassword/:token',
    {
      schema: {
        tags: ['password'],
        summary: 'Check that a reset link is still valid',
        params: tokenParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const token = await findLiveResetToken(app.db, request.params.token);
      if (!token) throw new AppError('RESET_TOKEN_INVALID');
      return { status: 'success' as const, message: request.t('success.resetTokenValid') };
    },
  );

  app.post(
    '/resetPassword/:token',
    {
      bodyLimit: BODY_LIMIT_PUBLIC,
      schema: {
        tags: ['password'],
        summary: 'Set a new password with a reset link',
        params: tokenParams,
        body: resetPasswordSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const { token, accountno, password } = request.body;
      if (token !== request.params.token) throw new AppError('RESET_TOKEN_INVALID');
      const live = await findLiveResetToken(app.db, token);
      if (!live || live.accountNo !== accountno.trim()) throw new AppError('RESET_TOKEN_INVALID');
      await assertStrongPassword(
        password,
        await passwordOwner(app.db, live.companyId, live.userId),
      );
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, live.id))) throw new AppError('RESET_TOKEN_INVALID');
        await setPassword(tx, live.companyId, live.userId, passwordHash);
        await revokeUserSessions(tx, live.companyId, live.userId);
        // Any other link of the user was sent before this new password: it ends too.
        await endResetTokens(tx, live.companyId, live.userId);
        await recordAudit(tx, {
          companyId: live.companyId,
          userId: live.userId,
          action: 'password.reset',
          entity: 'user',
          entityId: String(live.userId),
        });
      });
      await app.changesHeard();
      return { status: 'success' as const, message: request.t('success.passwordReset') };
    },
  );
};
