import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkVatNumber,
  shopInputSchema,
  shopSchema,
  splitList,
  successEnvelope,
  type FieldError,
  type Shop,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { claimImageOrFail, releaseImage } from '../../lib/stored-files.ts';
import { imagePath } from '../../lib/uploads.ts';
import {
  findCompany,
  updateLegalIdentity,
  type Company,
  type LegalIdentityChange,
} from '../../db/repositories/companies.repository.ts';
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
    legal_name: company.legalName,
    legal_address: company.address,
    vat_number: company.vatNumber,
  };
}

/**
 * The legal identity the panel sent, the VAT number checked by the rule of the company's country
 * and kept normalised; parts left out stay as stored. Refusals go on `errors`.
 */
function legalIdentityChange(
  company: Company,
  shop: Shop,
  field: (name: string) => string,
  errors: FieldError[],
): LegalIdentityChange {
  const change: LegalIdentityChange = {};
  if (shop.legal_name !== undefined) change.legalName = shop.legal_name;
  if (shop.legal_address !== undefined) change.address = shop.legal_address;
  if (shop.vat_number !== undefined) {
    const check = checkVatNumber(company.country, shop.vat_number);
    if (check.isValid) change.vatNumber = check.value;
    else errors.push({ field: field('vat_number'), message: check.message });
  }
  return change;
}

/** The parts of the legal identity the change alters, before and after, for the audit log. */
function changedParts(company: Company, change: LegalIdentityChange) {
  return Object.fromEntries(
    (Object.keys(change) as (keyof LegalIdentityChange)[])
      .filter((key) => change[key] !== company[key])
      .map((key) => [key, { from: company[key], to: change[key] }]),
  );
}

/** The shop information panel: the signed-in branch's logo, name, website, categories, location. */
export const retailersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/companies/:companyId/retailers/:branchId',
    {
      onRequest: app.authenticate,
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
      onRequest: [app.authenticate, app.allow('shop')],
      schema: {
        tags: ['retailers'],
        summary: "Update the signed-in branch's shop information",
        description:
          '`logo` is a stored name answered by the upload (empty for logo_dummy.jpg); `product_category` is comma-joined category ids of `GET …/products`; `location` is JSON text `{"latitude":…,"longitude":…}`. `legal_name`, `legal_address` and `vat_number` are the company\'s (all its shops share them): left out or null, they stay as stored; given, they must not be empty, and the VAT number must pass the check of the company\'s country (it is kept normalised, e.g. `HR69435151530`). The fields may come alone or wrapped in `branch`.',
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

      const [unknown, nameTaken, company] = await Promise.all([
        unknownProductCategories(app.db, tenant.companyId, splitList(shop.product_category)),
        isBranchNameTaken(app.db, tenant, shop.branch_name),
        findCompany(app.db, tenant.companyId),
      ]);
      if (!company) throw new AppError('NOT_FOUND');
      const errors: FieldError[] = [];
      if (nameTaken) errors.push({ field: field('branch_name'), message: 'shopNameTaken' });
      if (unknown.length > 0) {
        errors.push({ field: field('product_category'), message: 'categoryUnknown' });
      }
      const identity = legalIdentityChange(company, shop, field, errors);
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
      const before = await findBranch(app.db, tenant);
      if (!before) throw new AppError('NOT_FOUND');
      const identityChanged = changedParts(company, identity);

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
        if (Object.keys(identityChanged).length > 0) {
          await updateLegalIdentity(tx, tenant.companyId, identity);
          await recordAudit(tx, {
            companyId: tenant.companyId,
            userId: session.userId,
            action: 'company.legal-identity',
            entity: 'company',
            entityId: String(tenant.companyId),
            details: identityChanged,
          });
        }
      });
      if (Object.keys(identityChanged).length > 0) await app.changesHeard();
      return {
        status: 'success' as const,
        message: request.t('success.shopSaved'),
        data: await shopView(app.db, tenant),
      };
    },
  );
};
