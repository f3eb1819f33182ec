import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { branchSummarySchema, newBranchSchema, successEnvelope } from '@taxfree/domain';
import { branches } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { companyParams } from '../../lib/route-params.ts';

/** The branches (shops) of a company, for its managers: list and add. */
export const branchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const onRequest = [app.authenticate, app.allow('branches')];

  app.get(
    '/companies/:companyId/retailers',
    {
      onRequest,
      schema: {
        tags: ['retailers'],
        summary: "The company's branches",
        security,
        params: companyParams,
        response: { 200: successEnvelope(z.array(branchSummarySchema)) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({
          retailer_branch_id: branches.id,
          branch_name: branches.branchName,
          address: branches.address,
          city: branches.city,
        })
        .from(branches)
        .where(eq(branches.companyId, request.session!.companyId))
        .orderBy(asc(branches.id));
      return { status: 'success' as const, message: request.t('success.ok'), data: rows };
    },
  );

  app.post(
    '/companies/:companyId/retailers',
    {
      onRequest,
      schema: {
        tags: ['retailers'],
        summary: 'Add a branch (a shop) to the company; its name is unique in the company',
        security,
        params: companyParams,
        body: newBranchSchema,
        response: {
          200: successEnvelope(z.object({ retailer_branch_id: z.number().int() })),
        },
      },
    },
    async (request) => {
      const session = request.session!;
      const { branch_name, address, city, postcode } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: branches.id })
          .from(branches)
          .where(
            and(
              eq(branches.companyId, session.companyId),
              eq(sql`lower(${branches.branchName})`, branch_name.toLowerCase()),
            ),
          )
          .limit(1);
        const [branch] = taken
          ? []
          : await tx
              .insert(branches)
              .values({
                companyId: session.companyId,
                branchName: branch_name,
                address: address || null,
                city: city || null,
                postcode: postcode || null,
              })
              .onConflictDoNothing()
              .returning({ id: branches.id });
        if (!branch) {
          throw new AppError('VALIDATION_FAILED', {
            errors: [{ field: 'branch_name', message: 'branchNameTaken' }],
          });
        }
        await recordAudit(tx, {
          companyId: session.companyId,
          userId: session.userId,
          action: 'branch.create',
          entity: 'branch',
          entityId: String(branch.id),
          details: { name: branch_name },
        });
        return branch.id;
      });
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { retailer_branch_id: id },
      };
    },
  );
};
