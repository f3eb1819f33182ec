import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formStatsQuerySchema,
  formStatsSchema,
  successEnvelope,
  vatBreakdownQuerySchema,
  vatBreakdownSchema,
} from '@taxfree/domain';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { assertBreakdownPeriod, formsPerDay, vatByRate } from './tax-form-reports.repository.ts';
import { branchParams } from '../../../lib/route-params.ts';

/** The figures behind the Form statistics and Tax form breakdown screens. */
export const taxFormReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';

  app.get(
    `${base}/stats`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary: 'Forms, VAT and refunds per day over the last days (30 by default)',
        security: [{ bearer: [] }],
        params: branchParams,
        querystring: formStatsQuerySchema,
        response: { 200: successEnvelope(formStatsSchema) },
      },
    },
    async (request) => {
      const company = await getCompany(app.db, request.session!.companyId);
      const days = await formsPerDay(
        app.db,
        request.session!,
        request.query.days,
        company.timeZone,
      );
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { currency: company.currency, days },
      };
    },
  );

  app.get(
    `${base}/breakdown`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary: 'VAT by rate over the forms sold in a period (dates inclusive, at most a year)',
        security: [{ bearer: [] }],
        params: branchParams,
        querystring: vatBreakdownQuerySchema,
        response: { 200: successEnvelope(vatBreakdownSchema) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      assertBreakdownPeriod(from, to);
      const company = await getCompany(app.db, request.session!.companyId);
      const breakdown = await vatByRate(app.db, request.session!, from, to);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { from, to, currency: company.currency, ...breakdown },
      };
    },
  );
};
