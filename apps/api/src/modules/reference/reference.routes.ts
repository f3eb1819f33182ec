import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countryOptionSchema,
  currencySchema,
  dayIn,
  generalSettingSchema,
  knownTravellerSchema,
  productCategorySchema,
  refundCalculationSettingSchema,
  successEnvelope,
  inLanguageOrder,
  taxFreeSettingSchema,
  vatSettingSchema,
} from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { getCompany } from '../../db/repositories/companies.repository.ts';
import { findTravellerByPassport, listProductCategories } from './reference.repository.ts';
import { listCountries } from '../../db/repositories/countries.repository.ts';
import { loadCompanySettings } from '../../db/repositories/settings.repository.ts';
import { categoryName } from '../../lib/category-names.ts';
import { branchParams, companyParams } from '../../lib/route-params.ts';

const settingsResponse = z.object({
  general_setting: generalSettingSchema,
  tax_free_setting: taxFreeSettingSchema,
  vat_setting: z.object({ ...vatSettingSchema.shape, product_rates_array: z.array(z.number()) }),
  refund_calculation_setting: refundCalculationSettingSchema,
});

/** Countries, currency, product categories, settings and known travellers: what the forms need. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/companies/:companyId/retailers/:branchId/taxforms/countries',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary:
          'Every country, named in the language of the request (id 42 is the default issuing country)',
        security,
        params: branchParams,
        response: { 200: successEnvelope(z.array(countryOptionSchema)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: await listCountries(app.db, request.language),
    }),
  );

  app.get(
    '/companies/:companyId/retailers/:branchId/taxforms/currency',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary: "The branch's currency (ISO 4217)",
        security,
        params: branchParams,
        response: { 200: successEnvelope(currencySchema) },
      },
    },
    async (request) => {
      const company = await getCompany(app.db, request.session!.companyId);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { currency: company.currency },
      };
    },
  );

  app.get(
    '/companies/:companyId/products',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary: "The company's product categories",
        security,
        params: companyParams,
        response: { 200: successEnvelope(z.array(productCategorySchema)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: inLanguageOrder(
        (await listProductCategories(app.db, request.session!.companyId)).map((category) => ({
          ...category,
          name: categoryName(request, 'product', category.category_id, category.name),
        })),
        (category) => category.name,
        request.language,
      ),
    }),
  );

  app.get(
    '/companies/:companyId/tfs/products',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary:
          "The company's product categories for tax-free forms (classification code, name and description)",
        security,
        params: companyParams,
        response: {
          200: successEnvelope(
            z.array(z.object({ ...productCategorySchema.shape, description: z.string() })),
          ),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: inLanguageOrder(
        (await listProductCategories(app.db, request.session!.companyId)).map((category) => {
          const name = categoryName(request, 'product', category.category_id, category.name);
          return { ...category, name, description: name };
        }),
        (category) => category.name,
        request.language,
      ),
    }),
  );

  app.get(
    '/companies/:companyId/settings/tfsSettingDetails',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary: "The company's settings for tax-free forms",
        security,
        params: companyParams,
        response: { 200: successEnvelope(settingsResponse) },
      },
    },
    async (request) => {
      const settings = await loadCompanySettings(app.db, request.session!.companyId);
      const vat = settings.vat;
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          general_setting: settings.general,
          tax_free_setting: settings.taxFree,
          vat_setting: {
            ...vat,
            product_rates_array: vat.product_rates
              .split(',')
              .map((rate) => Number(rate.trim()))
              .filter((rate) => Number.isFinite(rate)),
          },
          refund_calculation_setting: settings.refund,
        },
      };
    },
  );

  app.get(
    '/companies/:companyId/traveller/passport/:passport',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference'],
        summary: 'A traveller known from an earlier form, found by passport number',
        security,
        params: companyParams.extend({ passport: z.string().trim().min(1).max(32) }),
        response: { 200: successEnvelope(knownTravellerSchema) },
      },
    },
    async (request) => {
      const traveller = await findTravellerByPassport(
        app.db,
        request.session!.companyId,
        request.params.passport,
      );
      if (!traveller) throw new AppError('NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          traveler_name: traveller.name,
          traveler_surname: traveller.surname,
          traveler_email: traveller.email,
          traveler_mobile: traveller.mobile,
          passport: traveller.passport,
          issued_govt: traveller.issuedGovt,
          nationality: traveller.nationality,
          traveler_dob: traveller.dateOfBirth,
          traveler_postcode: traveller.postcode,
          traveler_address: traveller.address,
          // Each form issued or updated for the traveller writes their record: its last change
          // is the day of their last form, in the shop's time zone.
          last_form_date: dayIn(request.session!.timeZone, traveller.updatedAt),
        },
      };
    },
  );
};
