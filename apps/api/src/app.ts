import path from 'node:path';
import { apiPath } from './api-dir.ts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { tileOrigin, type Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStore } from './lib/files/file-store.ts';
import type { Mailer } from './lib/mailer.ts';
import { BODY_LIMIT } from './lib/body-limits.ts';
import { requestLogger } from './lib/logging.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { trustFunction } from './lib/trust-proxy.ts';
import { CORES, WorkLimiter } from './lib/work-limiter.ts';
import { recentReadsPlugin } from './plugins/recent-reads.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { drainingPlugin } from './plugins/draining.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { requestLimitsPlugin } from './plugins/request-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { webPlugin } from './plugins/web.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { resetRequestsPlugin } from './modules/password/reset-requests.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import {
  printLinkKey,
  publicStatusRoutes,
  taxFormCancelRoutes,
  taxFormMailWorkerPlugin,
  taxFormPrintedRoutes,
  taxFormsApiRoutes,
} from './modules/tax-forms/index.ts';
import { fileUploadRoutes } from './modules/core-service/file-upload.routes.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { branchesRoutes } from './modules/retailers/branches.routes.ts';
import { retailersRoutes } from './modules/retailers/retailers.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { webhookWorkerPlugin } from './modules/webhooks/webhook-worker.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
// Names the shared shapes before any route is described or its answers serialized.
import '@taxfree/domain/schema-names';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    secretKey: Buffer;
    /** Where stored files' bytes live (the database's store). */
    files: FileStore;
    /** Pictures decoded and encoded at once; the rest wait their turn or are answered 503. */
    imageJobs: WorkLimiter;
    /** PDFs rendered at once. */
    pdfRenders: WorkLimiter;
    /** Exports (CSV, XLSX) written at once; the next ones wait a little, then are answered 503. */
    exports: WorkLimiter;
    /** Signs the links that open printed forms (derived from the secret key). */
    printLinkKey: Buffer;
    /**
     * Upload requests being received and processed; the next ones wait with their body unread,
     * and past the queue are answered 503.
     */
    uploads: WorkLimiter;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  mailer: Mailer;
  secretKey: Buffer;
  logger?: FastifyServerOptions['logger'];
};

export const defaultWebDist = apiPath('..', 'web', 'dist');

/**
 * The longest any request may take to arrive, uploads included (they are also cut after
 * UPLOAD_IDLE_TIMEOUT_MS without a byte): ten pictures of the largest size over a slow link.
 */
const REQUEST_ARRIVAL_CEILING_MS = 10 * 60 * 1000;

/** Builds the whole application; `server.ts` only listens, tests use `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const trust = trustFunction(config.TRUST_PROXY);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trust,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: requestIdGenerator(trust),
    ...(options.logger ? { childLoggerFactory: requestLogger } : {}),
    // Node's own limits, which Fastify's defaults (0) would turn off: headers must arrive within
    // the request timeout, and nothing may take longer than the ceiling. The body's own, shorter
    // limit is plugins/request-limits.ts'; a silent connection is dropped after twice it.
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      requestTimeout: Math.max(REQUEST_ARRIVAL_CEILING_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS),
    },
    requestTimeout: Math.max(REQUEST_ARRIVAL_CEILING_MS, config.REQUEST_TIMEOUT_MS),
    connectionTimeout: 2 * Math.max(config.REQUEST_TIMEOUT_MS, config.UPLOAD_IDLE_TIMEOUT_MS),
    // Requests read while closing are answered in full (plugins/draining.ts), not refused.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('mailer', options.mailer);
  app.decorate('secretKey', options.secretKey);
  app.decorate('printLinkKey', printLinkKey(options.secretKey));
  app.decorate('files', options.database.files);
  app.decorate(
    'imageJobs',
    new WorkLimiter({
      concurrency: options.config.IMAGE_CONCURRENCY,
      maxQueued: 64,
      maxWaitMs: 30_000,
    }),
  );
  app.decorate(
    'pdfRenders',
    new WorkLimiter({ concurrency: CORES, maxQueued: 64, maxWaitMs: 20_000 }),
  );
  app.decorate(
    'exports',
    new WorkLimiter({ concurrency: CORES, maxQueued: 8, maxWaitMs: 10_000, retryAfterSeconds: 10 }),
  );
  app.decorate(
    'uploads',
    new WorkLimiter({
      concurrency: options.config.UPLOAD_MAX_IN_PROGRESS,
      maxQueued: 64,
      maxWaitMs: 30_000,
    }),
  );

  await app.register(i18nPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestLimitsPlugin, {
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    bodyBudgetBytes: config.REQUEST_BODIES_MAX_BYTES,
  });
  await app.register(jsonBodyPlugin);
  await app.register(storableTextPlugin);
  // Before draining: a close waits for the last requests, then for the e-mails they asked for.
  await app.register(resetRequestsPlugin);
  await app.register(taxFormMailWorkerPlugin);
  await app.register(webhookWorkerPlugin);
  await app.register(drainingPlugin);
  await app.register(securityPlugin, { tileOrigins: [tileOrigin(options.config.MAP_TILE_URL)] });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(recentReadsPlugin);
  await app.register(authPlugin);
  await app.register(docsPlugin);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(passwordRoutes);
      await api.register(publicStatusRoutes);
      await api.register(usersRoutes);
      await api.register(staffRoutes);
      await api.register(apiKeysRoutes);
      await api.register(webhooksRoutes);
      await api.register(referenceRoutes);
      await api.register(taxFormsApiRoutes);
      await api.register(retailersRoutes);
      await api.register(branchesRoutes);
      await api.register(promotionsRoutes);
      await api.register(galleryRoutes);
    },
    { prefix: '/api/v2' },
  );

  await app.register(taxFormCancelRoutes, { prefix: '/go-service' });
  await app.register(fileUploadRoutes, { prefix: '/core-service' });
  await app.register(uploadsRoutes);
  await app.register(taxFormPrintedRoutes);
  await app.register(housekeepingPlugin);

  await app.register(webPlugin, {
    distDir: options.config.WEB_DIST ? path.resolve(options.config.WEB_DIST) : defaultWebDist,
    meta: {
      'map-tile-url': options.config.MAP_TILE_URL,
      ...(options.config.MAP_TILE_ATTRIBUTION
        ? { 'map-tile-attribution': options.config.MAP_TILE_ATTRIBUTION }
        : {}),
    },
  });
  return app;
}
