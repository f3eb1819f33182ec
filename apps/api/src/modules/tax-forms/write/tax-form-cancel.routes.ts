import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelPayloadSchema, messageEnvelopeSchema } from '@taxfree/domain';
import { companyParams, rowId } from '../../../lib/route-params.ts';
import { cancelTaxForm } from './cancel-tax-form.ts';

/** The go service's cancel call (Contract): Basic authentication, and the answer's word "OK". */
export const taxFormCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/company/:companyId/tfsform/cancel_tfs_form/:formId',
    {
      onRequest: app.authenticateBasic,
      schema: {
        tags: ['go-service'],
        summary: 'Cancel a form that customs has not validated yet; answers message "OK"',
        security: [{ basic: [] }],
        params: companyParams.extend({ formId: rowId }),
        body: cancelPayloadSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      await app.db.transaction((tx) =>
        cancelTaxForm(tx, {
          tenant: session,
          userId: session.userId,
          formId: request.params.formId,
          reasons: request.body,
        }),
      );
      // A protocol word the client checks (Contract), not a sentence: never translated.
      return { status: 'success' as const, message: 'OK' };
    },
  );
};
