import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dayIn,
  daysBetween,
  formClaimDue,
  findCountryRules,
  payoutDue,
  successEnvelope,
  worklistSchema,
  type WorklistItem,
} from '@taxfree/domain';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { branchParams, companyParams } from '../../../lib/route-params.ts';
import type { FormScope } from '../../../lib/tenant.ts';
import {
  countWorklist,
  listByDeadline,
  listToRefund,
  type WorklistRow,
} from './tax-form-worklist.repository.ts';
import { toAmount } from '../read/tax-forms.repository.ts';

/** Until the shop has the stamped form back, the day it is due (null where the country sets none). */
const claimDueOf = (row: WorklistRow, company: { country: string; timeZone: string }) =>
  formClaimDue(company.country, {
    stage: row.status,
    // The worklist holds no cancelled form.
    cancelled: false,
    exportDeadline: row.exportDeadline,
    issuedAt: row.createdAt,
    dateOfSales: row.dateOfSales,
    timeZone: company.timeZone,
  });

const toItem = (
  row: WorklistRow,
  daysLeft: number | null,
  company: { country: string; timeZone: string },
): WorklistItem => ({
  id: row.id,
  barcode: row.barcode,
  traveler_name: row.travelerName,
  traveler_surname: row.travelerSurname,
  status: row.status,
  export_deadline: row.exportDeadline,
  customer_refund: toAmount(row.customerRefund),
  days_left: daysLeft,
  claim_due: claimDueOf(row, company),
  retailer_branch_id: row.branchId,
  branch_name: row.branchName,
});

/** Home's worklist: what the shop has to do next, and what it can no longer do. */
export const taxFormWorklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const summary =
    "forms to refund (validated or received, not yet paid; oldest first, with the payout's last day where the country sets one), issued forms whose export window closes within 7 days (soonest first), and forms expired this month. Each count equals the list's total for stage=to_refund, export_closing or expired_this_month; each section answers its first 5 forms, each with its branch";

  app.get(
    '/companies/:companyId/retailers/:branchId/taxforms/worklist',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary: `Home's worklist of the branch: ${summary}`,
        security: [{ bearer: [] }],
        params: branchParams,
        response: { 200: successEnvelope(worklistSchema) },
      },
    },
    async (request) => worklist(request, request.session!),
  );

  app.get(
    '/companies/:companyId/taxforms/worklist',
    {
      onRequest: [app.authenticate, app.allow('allBranches')],
      schema: {
        tags: ['taxforms'],
        summary: `Home's worklist of every branch of the company (managers): ${summary}`,
        security: [{ bearer: [] }],
        params: companyParams,
        response: { 200: successEnvelope(worklistSchema) },
      },
    },
    async (request) => worklist(request, { companyId: request.session!.companyId }),
  );

  /** The worklist of `scope`, as of the shop's today. */
  async function worklist(request: Pick<FastifyRequest, 'session' | 't'>, scope: FormScope) {
    const tenant = request.session!;
    const today = dayIn(tenant.timeZone);
    const company = await getCompany(app.db, tenant.companyId);
    const rules = findCountryRules(company.country);
    const [counts, toRefund, closing, expired] = await Promise.all([
      countWorklist(app.db, scope, today),
      listToRefund(app.db, scope, today),
      listByDeadline(app.db, scope, 'export_closing', today),
      listByDeadline(app.db, scope, 'expired_this_month', today),
    ]);
    const untilDeadline = (row: WorklistRow) =>
      toItem(
        row,
        row.exportDeadline === null ? null : daysBetween(today, row.exportDeadline),
        company,
      );
    return {
      status: 'success' as const,
      message: request.t('success.ok'),
      data: {
        currency: company.currency,
        to_refund: {
          count: counts.to_refund,
          items: toRefund.map((row) => {
            // The payout's time counts from the day the shop received the stamped form.
            const received =
              row.receivedAt === null ? null : dayIn(tenant.timeZone, row.receivedAt);
            const due = received === null || rules === null ? null : payoutDue(rules, received);
            return {
              ...toItem(row, due === null ? null : daysBetween(today, due), company),
              payout_due: due,
            };
          }),
        },
        export_closing: { count: counts.export_closing, items: closing.map(untilDeadline) },
        expired_this_month: {
          count: counts.expired_this_month,
          items: expired.map(untilDeadline),
        },
      },
    };
  }
};
