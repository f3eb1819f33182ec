import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayIn,
  FORM_STAGES,
  formStageEntrySchema,
  formStageStepSchema,
  successEnvelope,
  type FormStage,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { idempotencyHeaders, once } from '../../../lib/idempotency.ts';
import { formParams } from '../../../lib/route-params.ts';
import { recordFormStage } from './record-stage.ts';

const recordedSchema = successEnvelope(
  z.object({
    id: z.number().int(),
    barcode: z.string(),
    status: z.enum(FORM_STAGES),
    step: z.object(formStageEntrySchema.shape).required(),
  }),
);

/** The answer's message for each step recorded (a step back to FORM_SUBMITTED is never one). */
const RECORDED: Record<FormStage, string> = {
  FORM_SUBMITTED: 'success.ok',
  FORM_VALIDATED: 'success.customsValidationRecorded',
  FORM_COLLECTED: 'success.receiptRecorded',
  FORM_REFUNDED: 'success.refundRecorded',
};

/** What happens to a form after the counter: customs validation, receipt, payout. */
export const taxFormStagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/companies/:companyId/retailers/:branchId/taxforms/:formId/stages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "Record a form's next stage with its details: FORM_VALIDATED with export_date, customs_office and customs_record_number; FORM_COLLECTED; FORM_REFUNDED with refund_date, paid_amount (at most the form's refund) and paid_method (default: the form's refund method). A skip, a step back, the same stage again, or a cancelled or expired form answers 409 and writes nothing. Send an Idempotency-Key: a retry with the same key returns the first answer",
        security: [{ bearer: [] }],
        params: formParams,
        headers: idempotencyHeaders,
        body: formStageStepSchema,
        response: { 200: recordedSchema },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { formId } = request.params;
      const work = async (tx: Tx) => {
        const recorded = await recordFormStage(tx, {
          tenant: session,
          userId: session.userId,
          formId,
          step: request.body,
          today: dayIn(session.timeZone),
          source: 'portal',
        });
        return {
          statusCode: 200,
          body: {
            status: 'success' as const,
            message: request.t(RECORDED[recorded.status]),
            data: {
              id: recorded.id,
              barcode: recorded.barcode,
              status: recorded.status,
              step: recorded.step,
            },
          },
        };
      };
      const key = request.headers['idempotency-key'];
      const answer = key
        ? await once(
            app.db,
            { companyId: session.companyId, key, payload: { formId, step: request.body } },
            work,
          )
        : { ...(await app.db.transaction(work)), replayed: false };
      if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply.send(answer.body);
    },
  );
};
