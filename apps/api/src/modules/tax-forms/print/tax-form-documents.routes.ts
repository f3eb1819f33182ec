import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dayIn, downloadSchema, successEnvelope, taxFormDetailSchema } from '@taxfree/domain';
import { AppError } from '../../../lib/app-error.ts';
import { countryNamesById } from '../../../db/repositories/countries.repository.ts';
import { formParams } from '../../../lib/route-params.ts';
import { findTaxFormDetail } from '../read/tax-form-detail.repository.ts';
import { printTaxForm } from './tax-form-print.ts';
import { toDetail } from '../read/tax-forms.mappers.ts';

/** One form in full, and its printable PDF. */
export const taxFormDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';

  app.get(
    `${base}/:formId`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary: 'One form with its invoices and product rows (card number and IBAN masked)',
        security: [{ bearer: [] }],
        params: formParams,
        response: { 200: successEnvelope(taxFormDetailSchema) },
      },
    },
    async (request) => {
      const detail = await findTaxFormDetail(app.db, request.session!, request.params.formId);
      if (!detail) throw new AppError('NOT_FOUND');
      const names = await countryNamesById(app.db, request.language);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: toDetail(detail, names, dayIn(request.session!.timeZone)),
      };
    },
  );

  app.get(
    `${base}/download/:formId`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "Prints the form: answers the name of a link under /uploads/electronic/ that opens its PDF for an hour. The PDF is the official form of the shop's country, in its language with English beside it, rendered once per version of the form; the first print is the original, every later one is marked as a copy with its number, and each is audited.",
        security: [{ bearer: [] }],
        params: formParams,
        response: { 200: successEnvelope(downloadSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const name = await printTaxForm({
        db: app.db,
        files: app.files,
        renders: app.pdfRenders,
        linkKey: app.printLinkKey,
        tenant: { companyId: session.companyId, branchId: session.branchId },
        userId: session.userId,
        formId: request.params.formId,
        publicUrl: app.config.publicUrl,
      });
      return { status: 'success' as const, message: request.t('success.ok'), data: name };
    },
  );
};
