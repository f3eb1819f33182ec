import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shopInputSchema,
  shopSchema,
  splitList,
  successEnvelope,
  type FieldError,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { claimImageOrFail, releaseImage } from '../../lib/stored-files.ts';
import { imagePath } from '../../lib/uploads.ts';
import { findCompany } from '../../db/repositories/companies.repository.ts';
import {
  isBranchNameTaken,
  unknownProductCategories,
  updateBranch,
} from './retailers.repository.ts';
import type { Db } from '../../db/client.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { findBranch } from '../../db/repositories/branches.repository.ts';
import { branchParams } from '../../lib/route-params.ts';

/** SPEC 7 sends "branch with logo and product_category": wrapped in `branch`, or the fields alone. */
const shopBody = z.union([z.object({ branch: shopInputSchema }), shopInputSchema]);

async function shopView(db: Db, tenant: Tenant) {
  const [branch, company] = await Promise.all([
    findBranch(db, tenant),
    findCompany(db, tenant.companyId),
  ]);
  if (!branch || !company) throw new AppError('NOT_FOUND');
  return {
    retailer_branch_id: branch.id,
    branch_name: branch.branchName,
    website: branch.website,
    description: branch.description,
    logo: branch.logo,
    path: imagePath(company.accountNo, tenant.companyId, branch.logo),
    location: branch.location,
    product_category: branch.productCategory ?? '',
    address: branch.address,
    city: branch.city,
    postcode: branch.postcode,
    phone: branch.phone,
    email: branch.email,
  };
}

/** The shop information panel: the signed-in branch's logo, name, website, categories, location. */
export const retailersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/companies/:companyId/retailers/:branchId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['retailers'],
        summary: "The signed-in branch's shop information",
        security,
        params: branchParams,
        response: { 200: successEnvelope(shopSchema) },
      },
    },
    async (request) => {
      const { companyId, branchId } = request.session!;
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: await shopView(app.db, { companyId, branchId }),
      };
    },
  );

  app.put(
    '/companies/:companyId/retailers/:branchId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['retailers'],
        summary: "Update the signed-in branch's shop information",
        description:
          '`logo` is a stored name answered by the upload (empty for logo_dummy.jpg); `product_category` is comma-joined category ids of `GET …/products`; `location` is JSON text `{"latitude":…,"longitude":…}`. The fields may come alone or wrapped in `branch`.',
        security,
        params: branchParams,
        body: shopBody,
        response: { 200: successEnvelope(shopSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = { companyId: session.companyId, branchId: session.branchId };
      const shop = 'branch' in request.body ? request.body.branch : request.body;
      const field = (name: string) => ('branch' in request.body ? `branch.${name}` : name);

      const [unknown, nameTaken] = await Promise.all([
        unknownProductCategories(app.db, tenant.companyId, splitList(shop.product_category)),
        isBranchNameTaken(app.db, tenant, shop.branch_name),
      ]);
      const errors: FieldError[] = [];
      if (nameTaken) errors.push({ field: field('branch_name'), message: 'shopNameTaken' });
      if (unknown.length > 0) {
        errors.push({ field: field('product_category'), message: 'categoryUnknown' });
      }
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
      const before = await findBranch(app.db, tenant);
      if (!before) throw new AppError('NOT_FOUND');

      await app.db.transaction(async (tx) => {
        await claimImageOrFail(tx, tenant.companyId, shop.logo, field('logo'));
        await updateBranch(tx, tenant, {
          branchName: shop.branch_name,
          website: shop.website,
          description: shop.description,
          logo: shop.logo,
          location: shop.location,
          productCategory: shop.product_category,
        });
        if (before.logo !== shop.logo) await releaseImage(tx, tenant.companyId, before.logo);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'shop.update',
          entity: 'branch',
          entityId: String(tenant.branchId),
        });
      });
      return {
        status: 'success' as const,
        message: request.t('success.shopSaved'),
        data: await shopView(app.db, tenant),
      };
    },
  );
};
