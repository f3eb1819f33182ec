import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dayIn,
  formClaimDue,
  isExpired,
  isFormStage,
  isLanguage,
  normaliseFormNumber,
  normaliseVerificationCode,
  publicFormStatusSchema,
  publicStatusParamsSchema,
  publicStatusQuerySchema,
  successEnvelope,
  toLanguage,
  type PublicStage,
} from '@taxfree/domain';
import { AppError } from '../../../lib/app-error.ts';
import { translator } from '../../../lib/i18n.ts';
import { runThrottled, type ThrottleRule } from '../../../lib/throttle.ts';
import { findFormByBarcode, listPublicStages } from './public-status.repository.ts';
import { toAmount } from '../read/tax-forms.repository.ts';

/**
 * Failed lookups (a wrong code, an unknown number) from one address. A traveller mistypes a code
 * once or twice; a code of six base32 characters (about a billion values) guessed at 50 an hour
 * is never found. Lookups that find their form are not counted: travellers behind one address (an
 * airport's Wi-Fi, a mobile carrier's shared addresses) may check their forms as often as they like.
 */
export const STATUS_LOOKUPS_PER_MINUTE: ThrottleRule = {
  scope: 'status-lookup:minute',
  limit: 10,
  windowMs: 60 * 1000,
};
export const STATUS_LOOKUPS_PER_HOUR: ThrottleRule = {
  scope: 'status-lookup:hour',
  limit: 50,
  windowMs: 60 * 60 * 1000,
};

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** The codes compared in constant time: digests of equal length, whatever was typed. */
const sameCode = (typed: string, stored: string) =>
  crypto.timingSafeEqual(digest(normaliseVerificationCode(typed)), digest(stored));

/** Compared when no form has the number, so that a miss takes as long as a wrong code. */
const NO_CODE = 'NO-FORM';

/** The public status page's call: a form's stage by its number and code, without signing in. */
export const publicStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/taxforms/:barcode',
    {
      // A link in an e-mail cannot send Accept-Language: `lang` names the answer's language.
      onRequest: async (request) => {
        const { lang } = request.query as { lang?: unknown };
        const language = typeof lang === 'string' ? toLanguage(lang) : undefined;
        if (language && isLanguage(language)) {
          request.language = language;
          request.t = translator(language);
        }
      },
      schema: {
        tags: ['public'],
        summary:
          "A form's stage, its dates, export deadline, refund and shop, for the traveller who has its number and verification code; nothing personal. A wrong code and an unknown number answer the same 404. After ten failed lookups a minute or fifty an hour from one address (wrong codes and unknown numbers alike), every lookup from it is answered 429 with Retry-After until the oldest failure leaves the window.",
        params: publicStatusParamsSchema,
        querystring: publicStatusQuerySchema,
        response: { 200: successEnvelope(publicFormStatusSchema) },
      },
    },
    async (request, reply) => {
      const barcode = normaliseFormNumber(request.params.barcode);
      const lookup = await runThrottled(
        app.db,
        [
          { rule: STATUS_LOOKUPS_PER_MINUTE, key: request.ip },
          { rule: STATUS_LOOKUPS_PER_HOUR, key: request.ip },
        ],
        async (tx) => {
          const found = await findFormByBarcode(tx, barcode);
          const matches = sameCode(request.query.code, found?.verificationCode ?? NO_CODE);
          return { result: matches ? found : null, counts: !matches };
        },
      );
      if (lookup.wait > 0) {
        throw new AppError('TOO_MANY_STATUS_LOOKUPS', {
          params: { minutes: Math.ceil(lookup.wait / 60) },
          headers: { 'Retry-After': String(lookup.wait) },
        });
      }
      const form = lookup.result;
      if (!form) throw new AppError('STATUS_NOT_FOUND');

      const rows = await listPublicStages(app.db, form);
      const stages: PublicStage[] = rows.flatMap((row) =>
        isFormStage(row.stage)
          ? [
              {
                stage: row.stage,
                at: row.createdAt.toISOString(),
                ...(row.exportDate && { export_date: row.exportDate }),
                ...(row.refundDate && { refund_date: row.refundDate }),
              },
            ]
          : [],
      );
      const paid = rows.findLast((row) => row.stage === 'FORM_REFUNDED' && row.paidAmount);
      const state = {
        stage: form.status,
        cancelled: form.cancelled,
        exportDeadline: form.exportDeadline,
      };
      void reply.header('Cache-Control', 'no-store');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          barcode: form.barcode,
          stage: isFormStage(form.status)
            ? form.status
            : (stages.at(-1)?.stage ?? 'FORM_SUBMITTED'),
          cancelled: form.cancelled,
          expired: isExpired(state, dayIn(form.timeZone)),
          stages,
          export_deadline: form.exportDeadline,
          claim_due: formClaimDue(form.country, {
            ...state,
            issuedAt: form.createdAt,
            dateOfSales: form.dateOfSales,
            timeZone: form.timeZone,
          }),
          customer_refund: toAmount(form.customerRefund),
          paid_amount: paid?.paidAmount ? toAmount(paid.paidAmount) : null,
          currency: form.currency,
          shop_name: form.shopName,
        },
      };
    },
  );
};
