import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clerkTodaySchema,
  formStatsQuerySchema,
  formStatsSchema,
  successEnvelope,
  vatBreakdownQuerySchema,
  vatBreakdownSchema,
} from '@taxfree/domain';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { assertBreakdownPeriod, formsPerDay, vatByRate } from './tax-form-reports.repository.ts';
import { branchParams, companyParams } from '../../../lib/route-params.ts';
import { formsTodayPerClerk } from './clerk-counts.repository.ts';

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

  app.get(
    '/companies/:companyId/taxforms/byClerk',
    {
      onRequest: [app.authenticate, app.allow('allBranches')],
      schema: {
        tags: ['taxforms'],
        summary:
          "Today's forms per user, across the company's branches: every active user, the most first (managers)",
        security: [{ bearer: [] }],
        params: companyParams,
        response: { 200: successEnvelope(z.array(clerkTodaySchema)) },
      },
    },
    async (request) => {
      const company = await getCompany(app.db, request.session!.companyId);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: await formsTodayPerClerk(app.db, company.id, company.timeZone),
      };
    },
  );
};
