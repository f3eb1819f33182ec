import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookRetryAt, type WebhookFailure } from '@taxfree/domain';
import { recordAudit } from '../../lib/audit.ts';
import { startQueueWorker, type QueueWorker } from '../../lib/queue-worker.ts';
import { decrypt } from '../../lib/secret-key.ts';
import {
  claimDueDeliveries,
  markDelivered,
  markFailedAttempt,
  type DueDelivery,
} from './webhook-deliveries.repository.ts';
import { failingWebhookMail, managersToTell } from './webhook-failing-mail.ts';
import { sendWebhook, type SendOutcome } from './webhook-send.ts';
import { signedHeaders } from './webhook-signing.ts';

/**
 * How often a process looks for deliveries due (retries, and those another process queued): the
 * first retry's wait, so that no retry waits much past its time.
 */
const POLL_EVERY_MS = 5_000;

/**
 * Deliveries one process takes at a time, and how many such batches it sends side by side: a
 * batch is claimed in one statement and its successes written in one, so that a busy shop's events
 * cost the database two statements per batch rather than several per event, and keep up with the
 * issues that queue them on the embedded engine's one thread (with batches of 16 they fell seconds
 * behind at 10 connections: decision 034). A receiver that hangs holds the batch it is in until its
 * time-out; the other batch goes on.
 */
const BATCH = 64;
const BATCHES_AT_ONCE = 2;

/** Routes whose success may have queued a delivery: the worker looks at once after the answer. */
const QUEUEING_ROUTE = /\/(taxforms|tfsform|webhooks)\b/;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The webhooks' outbox (webhook_deliveries), sent by every process that shares it. */
    webhooks: QueueWorker;
  }
}

/**
 * Sends the outbox's deliveries from this process: right after an answer that queued one, and
 * every few seconds for retries and for what other processes queued. Several processes share the
 * outbox without sending a try twice at once; a process killed mid-send leaves its delivery to be
 * taken again when its lease ends. The answer that queued a delivery never waits for it.
 */
export const webhookWorkerPlugin = fp(async (app: FastifyInstance) => {
  const timeoutMs = app.config.WEBHOOK_TIMEOUT_MS;
  // Long enough for a try that times out, and its write, to finish under load.
  const leaseMs = 3 * timeoutMs + 5_000;

  const drainOne = async (now: Date | undefined, isStopped: () => boolean) => {
    let tried = 0;
    while (!isStopped()) {
      const at = now ?? new Date();
      const batch = await claimDueDeliveries(app.db, {
        now: at,
        leaseUntil: new Date(at.getTime() + leaseMs),
        limit: BATCH,
      });
      if (batch.length === 0) break;
      await deliverBatch(app, batch, { now, timeoutMs });
      tried += batch.length;
    }
    return tried;
  };

  const worker = startQueueWorker(app, {
    name: 'webhooks',
    drain: async (now, isStopped) => {
      const counts = await Promise.all(
        Array.from({ length: BATCHES_AT_ONCE }, () => drainOne(now, isStopped)),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
    queuedBy: (request) =>
      request.method !== 'GET' && QUEUEING_ROUTE.test(request.routeOptions.url ?? ''),
    pollEveryMs: POLL_EVERY_MS,
  });
  app.decorate('webhooks', worker);
});

/**
 * One try of each delivery of a batch, side by side: signed with the secrets in force, sent, and
 * the outcomes written (the successes together). A delivery given up after its last try marks its
 * endpoint failing, audited, and its managers are told by e-mail.
 */
async function deliverBatch(
  app: FastifyInstance,
  batch: DueDelivery[],
  options: { now: Date | undefined; timeoutMs: number },
): Promise<void> {
  const outcomes = await Promise.all(batch.map((delivery) => attempt(app, delivery, options)));
  const at = options.now ?? new Date();
  const delivered = batch.flatMap((delivery, i) => {
    const outcome = outcomes[i]!;
    return outcome.failure === null ? [{ id: delivery.id, status: outcome.status }] : [];
  });
  await markDelivered(app.db, delivered, at);
  for (const [i, delivery] of batch.entries()) {
    const outcome = outcomes[i]!;
    if (outcome.failure !== null) await recordFailure(app, delivery, outcome, at);
  }
}

function attempt(
  app: FastifyInstance,
  delivery: DueDelivery,
  options: { now: Date | undefined; timeoutMs: number },
): Promise<SendOutcome> {
  const secrets = [delivery.secretEnc, delivery.previousSecretEnc]
    .filter((secret): secret is string => secret !== null)
    .map((secret) => decrypt(app.secretKey, secret));
  return sendWebhook({
    url: delivery.url,
    body: delivery.body,
    headers: signedHeaders({
      messageId: delivery.messageId,
      body: delivery.body,
      secrets,
      at: options.now ?? new Date(),
    }),
    timeoutMs: options.timeoutMs,
    allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  });
}

async function recordFailure(
  app: FastifyInstance,
  delivery: DueDelivery,
  outcome: { status: number | null; failure: WebhookFailure; error: string },
  at: Date,
): Promise<void> {
  const retryAt = webhookRetryAt(delivery.attempt, at);
  app.log.warn(
    {
      webhook: delivery.endpointId,
      delivery: delivery.id,
      attempt: delivery.attempt,
      tenant: delivery.companyId,
      error: outcome.error,
    },
    'webhook not delivered',
  );
  const turnedFailing = await app.db.transaction(async (tx) => {
    const turned = await markFailedAttempt(tx, delivery, { at, ...outcome, retryAt });
    if (turned) {
      await recordAudit(tx, {
        companyId: delivery.companyId,
        userId: null,
        action: 'webhook.failing',
        entity: 'webhook',
        entityId: String(delivery.endpointId),
        details: { url: delivery.url, attempts: delivery.attempt, error: outcome.error },
      });
    }
    return turned;
  });
  if (turnedFailing) await tellManagers(app, delivery);
}

async function tellManagers(app: FastifyInstance, delivery: DueDelivery): Promise<void> {
  const managers = await managersToTell(app.db, delivery.companyId);
  for (const manager of managers) {
    try {
      await app.mailer.send(
        failingWebhookMail({
          language: manager.language,
          to: manager.email,
          name: manager.name,
          url: delivery.url,
          attempts: delivery.attempt,
          link: `${app.config.publicUrl}/integrations`,
        }),
      );
    } catch (err) {
      app.log.error({ err, tenant: delivery.companyId }, 'webhooks: a manager could not be told');
    }
  }
}
