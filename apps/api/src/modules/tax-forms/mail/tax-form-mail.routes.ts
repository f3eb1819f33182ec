import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidEmail, successEnvelope } from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { queueFormEvent } from '../../../db/repositories/webhook-outbox.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { idempotencyHeaders, once } from '../../../lib/idempotency.ts';
import { formParams } from '../../../lib/route-params.ts';
import { admit, type ThrottleRule } from '../../../lib/throttle.ts';
import { changeTravellerEmail, queueFormMail } from './tax-form-mails.repository.ts';
import { findTaxFormForUpdate } from '../write/tax-form-write.repository.ts';

/** An address to send to, correcting or adding the form's; left out, the form's own. */
const sendBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254, 'emailInvalid')
      .refine((value) => value === '' || isValidEmail(value), 'emailInvalid')
      .optional(),
  })
  .nullish();

const queuedSchema = successEnvelope(z.object({ id: z.number().int(), recipient: z.string() }));

/**
 * Resends queued, per form and per user: each carries the form's PDF, with the traveller's
 * passport number and address, to any address typed, so a session in the wrong hands must not
 * make the button a mailer. A traveller who lost the e-mail asks once or twice, a busy counter
 * resends a few forms an hour; a refused request counts nothing.
 */
export const FORM_MAILS_PER_FORM: ThrottleRule = {
  scope: 'form-mail:form',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};
export const FORM_MAILS_PER_USER: ThrottleRule = {
  scope: 'form-mail:user',
  limit: 30,
  windowMs: 60 * 60 * 1000,
};

/** "Send to traveller": the form's e-mail, with its PDF, once more. */
export const taxFormMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/companies/:companyId/retailers/:branchId/taxforms/:formId/mail',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary: `Send the form (its PDF attached, and the link to follow it) to the traveller again. An \`email\` corrects or adds the form's address and is kept on the form. Answers 202 once the e-mail is queued; 409 when the form has no address and none is given, or is cancelled; 429 with Retry-After past ${FORM_MAILS_PER_FORM.limit} e-mails of one form, or ${FORM_MAILS_PER_USER.limit} sent by one user, within an hour. Send an Idempotency-Key: a retry with the same key returns the first answer, and is not counted again`,
        security: [{ bearer: [] }],
        params: formParams,
        headers: idempotencyHeaders,
        body: sendBodySchema,
        response: { 202: queuedSchema },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { formId } = request.params;
      const given = request.body?.email || null;
      const work = async (tx: Tx) => {
        const form = await findTaxFormForUpdate(tx, session, formId);
        if (!form) throw new AppError('NOT_FOUND');
        if (form.cancelled) throw new AppError('FORM_MAIL_CANCELLED');
        const recipient = given ?? form.travelerEmail;
        if (!recipient) throw new AppError('FORM_NO_EMAIL');
        // Counted in this transaction: a replay never runs it, and a failure counts nothing.
        const wait = await admit(tx, [
          { rule: FORM_MAILS_PER_FORM, key: String(formId) },
          { rule: FORM_MAILS_PER_USER, key: String(session.userId) },
        ]);
        if (wait > 0) {
          throw new AppError('TOO_MANY_FORM_MAILS', {
            params: { minutes: Math.ceil(wait / 60) },
            headers: { 'Retry-After': String(wait) },
          });
        }
        if (recipient !== form.travelerEmail) {
          await changeTravellerEmail(tx, session, form, recipient);
          await recordAudit(tx, {
            companyId: session.companyId,
            userId: session.userId,
            action: 'form.update',
            entity: 'tax_form',
            entityId: String(formId),
            details: { barcode: form.barcode, changed: ['traveler_email'] },
          });
          await queueFormEvent(tx, {
            companyId: session.companyId,
            formId,
            type: 'taxform.updated',
          });
        }
        const id = await queueFormMail(tx, {
          companyId: session.companyId,
          formId,
          kind: 'resent',
          userId: session.userId,
          recipient,
        });
        await recordAudit(tx, {
          companyId: session.companyId,
          userId: session.userId,
          action: 'form.resend',
          entity: 'tax_form',
          entityId: String(formId),
          details: { barcode: form.barcode, kind: 'resent', recipient },
        });
        return {
          statusCode: 202,
          body: {
            status: 'success' as const,
            message: request.t('success.travellerMailQueued'),
            data: { id: id!, recipient },
          },
        };
      };
      const key = request.headers['idempotency-key'];
      const answer = key
        ? await once(
            app.db,
            { companyId: session.companyId, key, payload: { formId, mail: given } },
            work,
          )
        : { ...(await app.db.transaction(work)), replayed: false };
      if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply.code(202).send(answer.body);
    },
  );
};
