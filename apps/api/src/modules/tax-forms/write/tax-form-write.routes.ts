import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayIn,
  answerComputeRefund,
  computeRefundAnswerSchema,
  computeRefundRequestSchema,
  parseTravellerScan,
  scanRefusalMessages,
  successEnvelope,
  taxFormPayloadSchema,
  scannedTravellerSchema,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { countryIdsByIso3 } from '../../../db/repositories/countries.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { idempotencyHeaders, once } from '../../../lib/idempotency.ts';
import { expectedVersion, ifMatchHeaders } from '../../../lib/if-match.ts';
import { branchParams, formParams } from '../../../lib/route-params.ts';
import { issueTaxForm } from './issue-tax-form.ts';
import { updateTaxForm } from './update-tax-form.ts';

const savedSchema = successEnvelope(z.object({ id: z.number().int(), barcode: z.string() }));

/** Issuing, updating, refund computation and passport scans. */
export const taxFormWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';
  const security = [{ bearer: [] }];

  app.post(
    `${base}/issue`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          'Issue a form. Send an Idempotency-Key: a retry with the same key returns the first answer',
        security,
        params: branchParams,
        headers: idempotencyHeaders,
        body: taxFormPayloadSchema,
        response: { 200: savedSchema },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const work = async (tx: Tx) => {
        const saved = await issueTaxForm(tx, {
          tenant: session,
          userId: session.userId,
          companyProfile: app.companyProfile,
          payload: request.body,
          secretKey: app.secretKey,
        });
        return {
          statusCode: 200,
          body: {
            status: 'success' as const,
            message: request.t('success.formSaved'),
            data: saved,
          },
        };
      };
      const key = request.headers['idempotency-key'];
      const answer = key
        ? await once(app.db, { companyId: session.companyId, key, payload: request.body }, work)
        : { ...(await app.db.transaction(work)), replayed: false };
      if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply.send(answer.body);
    },
  );

  app.post(
    `${base}/update/:formId`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          'Update a form that customs has not validated yet. A masked card number or IBAN keeps the stored one. With If-Match: "<version>", a form changed since answers 409',
        security,
        params: formParams,
        headers: ifMatchHeaders,
        body: taxFormPayloadSchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const saved = await app.db.transaction((tx) =>
        updateTaxForm(tx, {
          tenant: session,
          userId: session.userId,
          companyProfile: app.companyProfile,
          formId: request.params.formId,
          payload: request.body,
          secretKey: app.secretKey,
          expectedVersion: expectedVersion(request.headers['if-match']),
          language: request.language,
        }),
      );
      return { status: 'success' as const, message: request.t('success.formSaved'), data: saved };
    },
  );

  app.post(
    `${base}/computeRefund`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "The traveller's refund and the operator's fee for an amount, by the company's refund table",
        security,
        params: branchParams,
        body: computeRefundRequestSchema,
        response: { 200: successEnvelope(computeRefundAnswerSchema) },
      },
    },
    async (request) => {
      const { settings } = await app.companyProfile(request.session!.companyId);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: answerComputeRefund(request.body, settings.refund),
      };
    },
  );

  app.get(
    `${base}/scanTraveller/:code`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "A traveller read from a passport's machine-readable zone (TD3, TD1) or the portal's QR payload",
        security,
        params: branchParams.extend({ code: z.string().min(1).max(400) }),
        response: { 200: successEnvelope(scannedTravellerSchema) },
      },
    },
    async (request) => {
      const scan = parseTravellerScan(request.params.code, {
        today: dayIn(request.session!.timeZone),
      });
      // Each failed check digit by name, as the scan input on the issue form says it.
      if (!scan.ok)
        throw new AppError('VALIDATION_FAILED', {
          errors: scanRefusalMessages(scan).map((message) => ({ field: 'code', message })),
        });
      const { traveller } = scan;
      const ids = await countryIdsByIso3(app.db);
      const idOf = (iso3: string | null) => (iso3 ? (ids.get(iso3) ?? null) : null);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          traveler_name: traveller.name,
          traveler_surname: traveller.surname,
          traveler_email: null,
          traveler_mobile: null,
          passport: traveller.passport,
          issued_govt: idOf(traveller.issuingIso3),
          nationality: idOf(traveller.nationalityIso3),
          traveler_dob: traveller.dateOfBirth,
          passport_expiry: traveller.documentExpiry,
          traveler_postcode: null,
          traveler_address: null,
        },
      };
    },
  );
};
