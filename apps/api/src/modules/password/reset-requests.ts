import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PQueue from 'p-queue';
import type { Language } from '@taxfree/domain';
import { recordAudit } from '../../lib/audit.ts';
import { setPasswordLink } from '../../lib/link-email.ts';
import { resetEmail } from './reset-email.ts';
import {
  createResetToken,
  findUsersByEmail,
} from '../../db/repositories/reset-tokens.repository.ts';

/** A forgot-password request as the route takes it, before anything is known of the account. */
export type ResetRequest = { accountno: string; email: string; language: Language };

/**
 * Requests waiting for their e-mail at most; past that one is logged and dropped. The throttle
 * (reset-throttle.ts) lets an address through twenty times a quarter of an hour, so only a
 * mail server that stopped answering could fill it.
 */
export const MAX_WAITING_RESET_REQUESTS = 1000;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** Forgot-password requests, each looked up and e-mailed after its answer, one at a time. */
    resetRequests: PQueue;
  }
}

/**
 * The work a forgot-password request asks for, done after the answer: looking the account up,
 * making the link and sending it take longer for a real account than for an unknown one, and
 * the answer's timing must not tell them apart.
 */
export const resetRequestsPlugin = fp(async (app: FastifyInstance) => {
  // One at a time: a mail server is not made faster by more connections, and the database
  // keeps its connections for the requests being answered.
  const queue = new PQueue({ concurrency: 1 });
  app.decorate('resetRequests', queue);
  app.addHook('onClose', async () => {
    // Every request answered "e-mail sent" gets its e-mail before the process ends.
    queue.start();
    await queue.onIdle();
  });
});

/** Queues the request's work; false when the queue is full and the request was dropped. */
export function enqueueResetRequest(app: FastifyInstance, request: ResetRequest): boolean {
  if (app.resetRequests.size >= MAX_WAITING_RESET_REQUESTS) {
    app.log.warn({ waiting: app.resetRequests.size }, 'reset request dropped: queue full');
    return false;
  }
  void app.resetRequests
    .add(async () => {
      // A turn of the event loop later: begun at once, the lookup (and all of the embedded
      // database's work, which runs on this thread) would come before the answer's last steps.
      await new Promise((resolve) => setImmediate(resolve));
      await sendResetLinks(app, request);
    })
    .catch((err: unknown) => app.log.error({ err }, 'reset request failed'));
  return true;
}

/**
 * Each user of the account with that e-mail gets a new link (which ends the user's earlier
 * ones), an audit entry and the e-mail in the language the request was made in.
 */
async function sendResetLinks(app: FastifyInstance, request: ResetRequest): Promise<void> {
  const matches = await findUsersByEmail(app.db, request.accountno, request.email);
  const minutes = Math.round(app.config.RESET_TOKEN_TTL / 60);
  for (const user of matches) {
    const token = await app.db.transaction(async (tx) => {
      const created = await createResetToken(
        tx,
        user.companyId,
        user.userId,
        app.config.RESET_TOKEN_TTL,
      );
      await recordAudit(tx, {
        companyId: user.companyId,
        userId: user.userId,
        action: 'password.reset-requested',
        entity: 'user',
        entityId: String(user.userId),
      });
      return created;
    });
    const mail = resetEmail({
      language: request.language,
      to: user.email ?? request.email,
      name: user.name,
      username: user.username,
      accountNo: user.accountNo,
      link: setPasswordLink(app.config.publicUrl, token, request.language),
      minutes,
    });
    try {
      await app.mailer.send(mail);
    } catch (err) {
      app.log.error({ err, tenant: user.companyId, user: user.userId }, 'reset e-mail not sent');
    }
  }
}
