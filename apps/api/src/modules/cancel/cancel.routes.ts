import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelPayloadSchema, messageEnvelopeSchema } from '@taxfree/domain';
import { cancellations, taxForms } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findLiveSession } from '../auth/sessions.repository.ts';
import { getCompany } from '../users/companies.repository.ts';

/**
 * The go service's cancel call: `Authorization: Basic base64(<account number>:<token>)`, built
 * from the account number as the original client did, and still checked against a live session
 * of that very account.
 */
export const cancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/company/:companyId/tfsform/cancel_tfs_form/:formId',
    {
      schema: {
        tags: ['go-service'],
        summary: 'Cancel a form that customs has not validated yet; answers message "OK"',
        security: [{ basic: [] }],
        params: z.object({
          companyId: z.coerce.number().int().positive(),
          formId: z.coerce.number().int().positive(),
        }),
        body: cancelPayloadSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      // The scheme is case-insensitive (RFC 9110, section 11.1): `basic` is `Basic`.
      const match = /^Basic\s+([A-Za-z0-9+/=]{4,512})$/i.exec(request.headers.authorization ?? '');
      if (!match) throw new AppError('UNAUTHENTICATED');
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const separator = decoded.indexOf(':');
      const accountNo = decoded.slice(0, separator);
      const token = decoded.slice(separator + 1);
      const session = separator > 0 ? await findLiveSession(app.db, token) : null;
      if (!session) throw new AppError('SESSION_EXPIRED');
      const company = await getCompany(app.db, session.companyId);
      if (!company || company.accountNo !== accountNo) throw new AppError('UNAUTHENTICATED');
      if (session.companyId !== request.params.companyId) throw new AppError('FORBIDDEN');
      if (session.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      request.log = request.log.child({ tenant: session.companyId, user: session.userId });

      await app.db.transaction(async (tx) => {
        const scope = and(
          eq(taxForms.companyId, session.companyId),
          eq(taxForms.branchId, session.branchId),
          eq(taxForms.id, request.params.formId),
        );
        const [form] = await tx.select().from(taxForms).where(scope).for('update').limit(1);
        if (!form) throw new AppError('NOT_FOUND');
        if (form.cancelled || !form.ilr) throw new AppError('FORM_NOT_CANCELLABLE');
        await tx
          .update(taxForms)
          .set({ cancelled: true, ilr: false, updatedAt: new Date() })
          .where(scope);
        await tx.insert(cancellations).values({
          companyId: session.companyId,
          taxFormId: form.id,
          cancelReason: request.body.cancel_reason,
          cancelComments: request.body.cancel_comments || null,
          userId: session.userId,
        });
        await recordAudit(tx, {
          companyId: session.companyId,
          userId: session.userId,
          action: 'form.cancel',
          entity: 'tax_form',
          entityId: String(form.id),
          details: { barcode: form.barcode, reason: request.body.cancel_reason },
        });
      });
      // A protocol word the client checks (Contract), not a sentence: never translated.
      return { status: 'success' as const, message: 'OK' };
    },
  );
};
