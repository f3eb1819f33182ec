import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dayIn, downloadSchema, successEnvelope, taxFormDetailSchema } from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { withStoredFiles } from '../../lib/stored-files.ts';
import { findBranch } from '../../db/repositories/branches.repository.ts';
import { getCompany } from '../../db/repositories/companies.repository.ts';
import { countryNamesById } from '../../db/repositories/countries.repository.ts';
import { formParams } from '../../lib/route-params.ts';
import { renderTaxFormPdf } from './pdf/render-tax-form.ts';
import { findTaxFormDetail, replaceFormPdf } from './tax-form-detail.repository.ts';
import { toDetail } from './tax-forms.mappers.ts';

/** One form in full, and its printable PDF. */
export const taxFormDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';

  app.get(
    `${base}/:formId`,
    {
      preHandler: app.authenticate,
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
      preHandler: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          'Renders the form as a PDF in the language of the request; answers its file name under /uploads/electronic/',
        security: [{ bearer: [] }],
        params: formParams,
        response: { 200: successEnvelope(downloadSchema) },
      },
    },
    async (request) => {
      const tenant = request.session!;
      const detail = await findTaxFormDetail(app.db, tenant, request.params.formId);
      if (!detail) throw new AppError('NOT_FOUND');
      const [company, branch, names] = await Promise.all([
        getCompany(app.db, tenant.companyId),
        findBranch(app.db, tenant),
        countryNamesById(app.db, request.language),
      ]);
      const pdf = await app.pdfRenders.run(() =>
        renderTaxFormPdf(detail, {
          language: request.language,
          company: {
            name: company.name,
            address: company.address,
            vatNumber: company.vatNumber,
            currency: company.currency,
            country: company.country,
            timeZone: company.timeZone,
          },
          branchName: branch?.branchName ?? '',
          countryName: (id) => (id === null ? '' : (names.get(id) ?? '')),
        }),
      );
      const scratch = await app.files.scratch();
      try {
        const source = scratch.path('form.pdf');
        await fs.promises.writeFile(source, pdf);
        const pdfFile = {
          companyId: tenant.companyId,
          kind: 'pdf' as const,
          contentType: 'application/pdf',
          extension: 'pdf',
          temporary: false,
        };
        const name = await withStoredFiles(
          app.db,
          app.files,
          [{ file: pdfFile, source }],
          async (tx, [stored]) => {
            // The previous print of this form is replaced: one current document per form.
            await replaceFormPdf(tx, tenant, {
              formId: detail.form.id,
              previous: detail.form.pdfFile,
              next: stored!,
            });
            return stored!;
          },
        );
        return { status: 'success' as const, message: request.t('success.ok'), data: name };
      } finally {
        await scratch.remove();
      }
    },
  );
};
