import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyExpiry,
  apiKeySchema,
  createdApiKeySchema,
  messageEnvelopeSchema,
  newApiKeySchema,
  successEnvelope,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { fieldRefusal } from '../../lib/refusal-error.ts';
import { companyParams, rowId } from '../../lib/route-params.ts';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../db/repositories/api-keys.repository.ts';
import { isCompanyBranch } from '../../db/repositories/branches.repository.ts';

const keyParams = companyParams.extend({ id: rowId });

/** A till's API keys, for the company's managers: create (shown once), list, revoke. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const onRequest = [app.authenticate, app.allow('integrations')];

  app.post(
    '/companies/:companyId/apiKeys',
    {
      onRequest,
      schema: {
        tags: ['integrations'],
        summary: "Create a till's API key for a branch; the key is in this answer only",
        description:
          'The key (`tfk_…`) is sent as `Authorization: Bearer <key>` on the calls a clerk of its branch may make; only its hash is kept.',
        security,
        params: companyParams,
        body: newApiKeySchema,
        response: { 200: successEnvelope(createdApiKeySchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const { branch_id: branchId, name, expires_on: expiresOn } = request.body;
      if (!(await isCompanyBranch(app.db, { companyId: session.companyId, branchId }))) {
        throw fieldRefusal('branch_id', 'branchUnknown');
      }
      const expiry = apiKeyExpiry(expiresOn, session.timeZone);
      if (!expiry.ok) throw fieldRefusal('expires_on', expiry.message);
      const created = await app.db.transaction((tx) =>
        createApiKey(tx, {
          companyId: session.companyId,
          branchId,
          name,
          expiresAt: expiry.expiresAt,
          createdBy: session.userId,
        }),
      );
      return { status: 'success' as const, message: request.t('success.ok'), data: created };
    },
  );

  app.get(
    '/companies/:companyId/apiKeys',
    {
      onRequest,
      schema: {
        tags: ['integrations'],
        summary: "The company's API keys in force, with their last four characters, never the keys",
        security,
        params: companyParams,
        response: { 200: successEnvelope(z.array(apiKeySchema)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: await listApiKeys(app.db, request.session!.companyId),
    }),
  );

  app.delete(
    '/companies/:companyId/apiKeys/:id',
    {
      onRequest,
      schema: {
        tags: ['integrations'],
        summary: 'Revoke an API key: refused from the next call on, through every server process',
        security,
        params: keyParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const revoked = await app.db.transaction((tx) =>
        revokeApiKey(tx, {
          companyId: request.session!.companyId,
          keyId: request.params.id,
          revokedBy: request.session!.userId,
        }),
      );
      if (!revoked) throw new AppError('API_KEY_NOT_FOUND');
      await app.changesHeard();
      return { status: 'success' as const, message: request.t('success.ok') };
    },
  );
};
