import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyFormListItemSchema,
  formCountsSchema,
  formStatSchema,
  listEnvelope,
  successEnvelope,
  taxFormListItemSchema,
  taxFormListQuerySchema,
  dayIn,
  DEFAULT_COUNTRY_RULES,
} from '@taxfree/domain';
import { AppError } from '../../../lib/app-error.ts';
import type { FormScope } from '../../../lib/tenant.ts';
import { findCompany } from '../../../db/repositories/companies.repository.ts';
import { countryNamesById } from '../../../db/repositories/countries.repository.ts';
import { branchParams, companyParams, formParams } from '../../../lib/route-params.ts';
import { listCompanyForms } from './company-forms.repository.ts';
import { toListItem, toStageEntry } from './tax-forms.mappers.ts';
import { countIssuedForms, findFormStages, listTaxForms } from './tax-forms.repository.ts';

export const taxFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';
  const common = { onRequest: app.authenticate } as const;

  app.get(
    base,
    {
      ...common,
      schema: {
        tags: ['taxforms'],
        summary:
          "The branch's forms, newest first, searchable by barcode, traveller, e-mail, passport or invoice number, and filtered by stage or by a worklist entry of Home",
        security: [{ bearer: [] }],
        params: branchParams,
        querystring: taxFormListQuerySchema,
        response: { 200: listEnvelope(taxFormListItemSchema) },
      },
    },
    async (request) => {
      const tenant = request.session!;
      const today = dayIn(tenant.timeZone);
      const { rows, total } = await listTaxForms(app.database, tenant, {
        ...request.query,
        today,
      });
      const names = await countryNamesById(app.db, request.language);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: rows.map((row) => toListItem(row, names, today)),
        metadata: { total },
      };
    },
  );

  app.get(
    '/companies/:companyId/taxforms',
    {
      onRequest: [app.authenticate, app.allow('allBranches')],
      schema: {
        tags: ['taxforms'],
        summary:
          "The forms of every branch of the company, newest first, with each one's branch and issuer, searchable and filtered as a branch's list (managers)",
        security: [{ bearer: [] }],
        params: companyParams,
        querystring: taxFormListQuerySchema,
        response: { 200: listEnvelope(companyFormListItemSchema) },
      },
    },
    async (request) => {
      const { companyId, timeZone } = request.session!;
      const today = dayIn(timeZone);
      const { rows, total } = await listCompanyForms(app.db, companyId, {
        ...request.query,
        today,
      });
      const names = await countryNamesById(app.db, request.language);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: rows.map((row) => ({
          ...toListItem(row, names, today),
          retailer_branch_id: row.branchId,
          branch_name: row.branchName,
          issued_by: row.issuedBy,
        })),
        metadata: { total },
      };
    },
  );

  app.get(
    `${base}/count`,
    {
      ...common,
      schema: {
        tags: ['taxforms'],
        summary: 'Forms issued today, in the last 7 days and in the last 30 days',
        security: [{ bearer: [] }],
        params: branchParams,
        response: { 200: successEnvelope(formCountsSchema) },
      },
    },
    async (request) => counts(request, request.session!),
  );

  app.get(
    '/companies/:companyId/taxforms/count',
    {
      onRequest: [app.authenticate, app.allow('allBranches')],
      schema: {
        tags: ['taxforms'],
        summary:
          'Forms issued today, in the last 7 days and in the last 30 days, in every branch of the company (managers)',
        security: [{ bearer: [] }],
        params: companyParams,
        response: { 200: successEnvelope(formCountsSchema) },
      },
    },
    async (request) => counts(request, { companyId: request.session!.companyId }),
  );

  /** The forms issued in `scope`, by the calendar of the shop's time zone. */
  async function counts(request: Pick<FastifyRequest, 'session' | 't'>, scope: FormScope) {
    const company = await findCompany(app.db, request.session!.companyId);
    const timeZone = company?.timeZone ?? DEFAULT_COUNTRY_RULES.timeZone;
    const data = await countIssuedForms(app.db, scope, timeZone);
    return { status: 'success' as const, message: request.t('success.ok'), data };
  }

  app.get(
    `${base}/stat/:formId`,
    {
      ...common,
      schema: {
        tags: ['taxforms'],
        summary:
          'The stages a form went through, with their times, who recorded them, and the customs stamp and payout details recorded with them',
        security: [{ bearer: [] }],
        params: formParams,
        response: { 200: successEnvelope(formStatSchema) },
      },
    },
    async (request) => {
      const form = await findFormStages(app.db, request.session!, request.params.formId);
      if (!form) throw new AppError('NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          id: form.id,
          barcode: form.barcode,
          status: form.status,
          cancelled: form.cancelled ? ('1' as const) : ('0' as const),
          stages: form.stages.map(toStageEntry),
        },
      };
    },
  );
};
