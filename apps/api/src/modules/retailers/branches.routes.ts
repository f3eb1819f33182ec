import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchChangeSchema,
  branchSchema,
  newBranchSchema,
  successEnvelope,
} from '@taxfree/domain';
import { findBranch } from '../../db/repositories/branches.repository.ts';
import { branches } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { branchParams, companyParams } from '../../lib/route-params.ts';
import {
  isBranchNameTaken,
  lockBranchNames,
  updateBranchDetails,
  type BranchDetails,
} from './retailers.repository.ts';

const nameTaken = () =>
  new AppError('VALIDATION_FAILED', {
    errors: [{ field: 'branch_name', message: 'branchNameTaken' }],
  });

/** The parts of a branch a change alters, before and after, for the audit log. */
function changedDetails(before: BranchDetails, after: BranchDetails) {
  return Object.fromEntries(
    (Object.keys(after) as (keyof BranchDetails)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
}

/** The branches (shops) of a company, for its managers: list, add and change. */
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
        response: { 200: successEnvelope(z.array(branchSchema)) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({
          retailer_branch_id: branches.id,
          branch_name: branches.branchName,
          address: branches.address,
          city: branches.city,
          postcode: branches.postcode,
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
        await lockBranchNames(tx, session.companyId);
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
        if (!branch) throw nameTaken();
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

  app.put(
    '/companies/:companyId/branches/:branchId',
    {
      onRequest,
      schema: {
        tags: ['retailers'],
        summary:
          "Change a branch's name, address, city and postcode; its name stays unique in the company",
        description:
          'The whole branch is sent, by the rules of a new one: `address`, `city` or `postcode` left out or empty is cleared. The shop information (logo, website, categories…) is `PUT …/retailers/{branchId}`.',
        security,
        params: branchParams,
        body: branchChangeSchema,
        response: { 200: successEnvelope(branchSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      // The URL's branch: the authentication let a manager in only to a branch of its company.
      const tenant = { companyId: session.companyId, branchId: session.branchId };
      const { branch_name, address, city, postcode } = request.body;
      const change: BranchDetails = {
        branchName: branch_name,
        address: address || null,
        city: city || null,
        postcode: postcode || null,
      };
      const branch = await app.db.transaction(async (tx) => {
        const before = await findBranch(tx, tenant);
        if (!before) throw new AppError('NOT_FOUND');
        await lockBranchNames(tx, tenant.companyId);
        if (await isBranchNameTaken(tx, tenant, branch_name)) throw nameTaken();
        const after = await updateBranchDetails(tx, tenant, change);
        if (!after) throw new AppError('NOT_FOUND');
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'branch.update',
          entity: 'branch',
          entityId: String(tenant.branchId),
          details: changedDetails(before, change),
        });
        return after;
      });
      return { status: 'success' as const, message: request.t('success.ok'), data: branch };
    },
  );
};
