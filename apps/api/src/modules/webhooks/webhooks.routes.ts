import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageEnvelopeSchema,
  newWebhookSchema,
  successEnvelope,
  webhookChangeSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookSecretSchema,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { fieldRefusal } from '../../lib/refusal-error.ts';
import { companyParams, rowId } from '../../lib/route-params.ts';
import { encrypt } from '../../lib/secret-key.ts';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  endpointExists,
  listEndpoints,
  rotateEndpointSecret,
} from './webhook-endpoints.repository.ts';
import { listDeliveries, queueTestEvent, redeliver } from './webhook-deliveries.repository.ts';
import { createWebhookSecret } from './webhook-signing.ts';
import { targetRefusal } from './webhook-targets.ts';

const webhookParams = companyParams.extend({ webhookId: rowId });
const deliveryParams = webhookParams.extend({ deliveryId: rowId });

/** How long a rotated-out secret keeps signing beside the new one. */
const PREVIOUS_SECRET_HOURS = 24;

const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });

/**
 * A company's webhooks, for its managers: subscribe a URL to form events (the secret is shown
 * then, and at each rotation), change, delete, send a test event, read the delivery log and
 * deliver one again. Deliveries themselves are the worker's (webhook-worker.ts).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const onRequest = [app.authenticate, app.allow('integrations')];
  const tags = ['integrations'];
  const allowPrivate = app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  const checkTarget = async (url: string) => {
    if (await targetRefusal(url, allowPrivate)) throw fieldRefusal('url', 'webhookTargetPrivate');
  };
  const actor = (session: { companyId: number; userId: number }) => ({
    companyId: session.companyId,
    userId: session.userId,
  });

  app.post(
    '/companies/:companyId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Subscribe a URL to form events; the signing secret is in this answer',
        description:
          'Deliveries follow Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 keyed by the base64 after `whsec_`). Private, loopback and link-local targets are refused unless the server allows them.',
        security,
        params: companyParams,
        body: newWebhookSchema,
        response: { 200: successEnvelope(webhookSecretSchema) },
      },
    },
    async (request) => {
      await checkTarget(request.body.url);
      const secret = createWebhookSecret();
      const id = await app.db.transaction((tx) =>
        createEndpoint(tx, actor(request.session!), {
          ...request.body,
          secretEnc: encrypt(app.secretKey, secret),
        }),
      );
      return ok(request.t('success.ok'), { id, secret });
    },
  );

  app.get(
    '/companies/:companyId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: "The company's webhooks, never their secrets",
        security,
        params: companyParams,
        response: { 200: successEnvelope(z.array(webhookSchema)) },
      },
    },
    async (request) =>
      ok(request.t('success.ok'), await listEndpoints(app.db, request.session!.companyId)),
  );

  app.patch(
    '/companies/:companyId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a webhook's URL or events",
        security,
        params: webhookParams,
        body: webhookChangeSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      if (request.body.url !== undefined) await checkTarget(request.body.url);
      const changed = await app.db.transaction((tx) =>
        changeEndpoint(tx, actor(request.session!), request.params.webhookId, request.body),
      );
      if (!changed) throw new AppError('WEBHOOK_NOT_FOUND');
      return { status: 'success' as const, message: request.t('success.ok') };
    },
  );

  app.delete(
    '/companies/:companyId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log; nothing more is sent to it',
        security,
        params: webhookParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const deleted = await app.db.transaction((tx) =>
        deleteEndpoint(tx, actor(request.session!), request.params.webhookId),
      );
      if (!deleted) throw new AppError('WEBHOOK_NOT_FOUND');
      return { status: 'success' as const, message: request.t('success.ok') };
    },
  );

  app.post(
    '/companies/:companyId/webhooks/:webhookId/rotateSecret',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put a new signing secret in force; the previous one also signs for 24 hours',
        security,
        params: webhookParams,
        response: { 200: successEnvelope(webhookSecretSchema) },
      },
    },
    async (request) => {
      const id = request.params.webhookId;
      const secret = createWebhookSecret();
      const rotated = await app.db.transaction((tx) =>
        rotateEndpointSecret(tx, actor(request.session!), {
          id,
          secretEnc: encrypt(app.secretKey, secret),
          previousUntil: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3_600_000),
        }),
      );
      if (!rotated) throw new AppError('WEBHOOK_NOT_FOUND');
      return ok(request.t('success.ok'), { id, secret });
    },
  );

  app.post(
    '/companies/:companyId/webhooks/:webhookId/test',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a `webhook.test` event to the webhook now',
        security,
        params: webhookParams,
        response: { 200: successEnvelope(z.object({ delivery_id: z.number().int() })) },
      },
    },
    async (request) => {
      const { companyId } = request.session!;
      const deliveryId = await app.db.transaction((tx) =>
        queueTestEvent(tx, companyId, request.params.webhookId),
      );
      if (deliveryId === null) throw new AppError('WEBHOOK_NOT_FOUND');
      return ok(request.t('success.ok'), { delivery_id: deliveryId });
    },
  );

  app.get(
    '/companies/:companyId/webhooks/:webhookId/deliveries',
    {
      onRequest,
      schema: {
        tags,
        summary: "A webhook's delivery log, newest first",
        security,
        params: webhookParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: successEnvelope(z.array(webhookDeliverySchema)) },
      },
    },
    async (request) => {
      const key = { companyId: request.session!.companyId, endpointId: request.params.webhookId };
      if (!(await endpointExists(app.db, key.companyId, key.endpointId))) {
        throw new AppError('WEBHOOK_NOT_FOUND');
      }
      const { perPage, before } = request.query;
      return ok(
        request.t('success.ok'),
        await listDeliveries(app.db, key, { limit: perPage, beforeId: before }),
      );
    },
  );

  app.post(
    '/companies/:companyId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Deliver a message again, with its webhook-id, from a first try',
        security,
        params: deliveryParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const { webhookId, deliveryId } = request.params;
      const done = await app.db.transaction((tx) =>
        redeliver(tx, {
          companyId: request.session!.companyId,
          endpointId: webhookId,
          deliveryId,
        }),
      );
      if (!done) throw new AppError('WEBHOOK_NOT_FOUND');
      return { status: 'success' as const, message: request.t('success.ok') };
    },
  );
};
