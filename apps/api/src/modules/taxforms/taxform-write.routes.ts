import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerComputeRefund,
  computeRefundAnswerSchema,
  computeRefundRequestSchema,
  dayIn,
  parseTravellerScan,
  successEnvelope,
  taxFormPayloadSchema,
  travellerSchema,
} from '@taxfree/domain';
import { countries, taxForms } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { once } from '../../lib/idempotency.ts';
import { decrypt } from '../../lib/secret-key.ts';
import { getCompany } from '../users/companies.repository.ts';
import {
  formAmounts,
  issueForm,
  loadFormSettings,
  updateForm,
  validateForm,
} from './taxform-write.service.ts';

const branchParams = z.object({
  companyId: z.coerce.number().int().positive(),
  branchId: z.coerce.number().int().positive(),
});
const savedSchema = successEnvelope(z.object({ id: z.number().int(), barcode: z.string() }));
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'invalidValue')
    .optional(),
});

/** Issuing, updating, refund computation and passport scans. */
export const taxFormWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';
  const security = [{ bearer: [] }];

  async function prepare(companyId: number, body: unknown) {
    const [settings, company] = await Promise.all([
      loadFormSettings(app.db, companyId),
      getCompany(app.db, companyId),
    ]);
    if (!company) throw new AppError('NOT_FOUND');
    const payload = validateForm(body, settings, {
      today: dayIn(company.timeZone),
      country: company.country,
    });
    return { payload, computed: formAmounts(payload, settings) };
  }

  app.post(
    `${base}/issue`,
    {
      preHandler: app.authenticate,
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
      const { payload, computed } = await prepare(session.companyId, request.body);
      const work = async (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => {
        const saved = await issueForm(tx, {
          tenant: session,
          userId: session.userId,
          payload,
          computed,
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
      preHandler: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          'Update a form that customs has not validated yet. A masked card number or IBAN keeps the stored one',
        security,
        params: branchParams.extend({ formId: z.coerce.number().int().positive() }),
        body: taxFormPayloadSchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const [current] = await app.db
        .select({ card: taxForms.accDetailsEnc, iban: taxForms.ibanEnc })
        .from(taxForms)
        .where(
          and(
            eq(taxForms.companyId, session.companyId),
            eq(taxForms.branchId, session.branchId),
            eq(taxForms.id, request.params.formId),
          ),
        )
        .limit(1);
      if (!current) throw new AppError('NOT_FOUND');
      // The panel shows the stored card and IBAN masked; sent back unchanged, they mean "keep".
      const body = structuredClone(request.body) as {
        taxform: { acc_details: string; iban: string };
      };
      if (body.taxform.acc_details.includes('•') && current.card)
        body.taxform.acc_details = decrypt(app.secretKey, current.card);
      if (body.taxform.iban.includes('•') && current.iban)
        body.taxform.iban = decrypt(app.secretKey, current.iban);
      const { payload, computed } = await prepare(session.companyId, body);
      const saved = await app.db.transaction((tx) =>
        updateForm(tx, {
          tenant: session,
          userId: session.userId,
          formId: request.params.formId,
          payload,
          computed,
          secretKey: app.secretKey,
        }),
      );
      return {
        status: 'success' as const,
        message: request.t('success.formSaved'),
        data: { id: saved.id, barcode: saved.barcode },
      };
    },
  );

  app.post(
    `${base}/computeRefund`,
    {
      preHandler: app.authenticate,
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
      const settings = await loadFormSettings(app.db, request.session!.companyId);
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
      preHandler: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "A traveller read from a passport's machine-readable zone (TD3, TD1) or the portal's QR payload",
        security,
        params: branchParams.extend({ code: z.string().min(1).max(400) }),
        response: { 200: successEnvelope(travellerSchema) },
      },
    },
    async (request) => {
      const scan = parseTravellerScan(request.params.code);
      if (!scan.ok)
        throw new AppError('VALIDATION_FAILED', {
          errors: [{ field: 'code', message: scan.reason }],
        });
      const { traveller } = scan;
      const rows = await app.db.select({ id: countries.id, iso3: countries.iso3 }).from(countries);
      const idOf = (iso3: string | null) =>
        iso3 ? (rows.find((c) => c.iso3 === iso3)?.id ?? null) : null;
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
          traveler_postcode: null,
          traveler_address: null,
        },
      };
    },
  );
};
