import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentListQuerySchema,
  inLanguageOrder,
  listEnvelope,
  messageEnvelopeSchema,
  promotionCategorySchema,
  promotionPayloadSchema,
  promotionSchema,
  splitList,
  successEnvelope,
  type FieldError,
  type PromotionValues,
} from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { claimImageOrFail, releaseImage } from '../../lib/stored-files.ts';
import { imagePath } from '../../lib/uploads.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { getCompany } from '../../db/repositories/companies.repository.ts';
import { wireTimestamp } from '../../lib/content-query.ts';
import {
  createPromotion,
  deletePromotion,
  findPromotion,
  listPromotionCategories,
  listPromotions,
  unknownCountries,
  unknownPromotionCategories,
  updatePromotion,
  type PromotionRow,
} from './promotions.repository.ts';
import { categoryName } from '../../lib/category-names.ts';
import { branchParams, itemParams } from '../../lib/route-params.ts';

async function accountNoOf(db: Db, companyId: number): Promise<string> {
  const company = await getCompany(db, companyId);
  return company.accountNo;
}

function promotionView(row: PromotionRow, accountNo: string) {
  const schedule = wireTimestamp(row.notificationSchedule);
  return {
    promotion_id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    path: imagePath(accountNo, row.companyId, row.image),
    start_date: row.startDate,
    end_date: row.endDate,
    notification_schedule: schedule,
    notification_schedule_date: schedule ? schedule.slice(0, 10) : null,
    notification_schedule_time: schedule ? schedule.slice(11, 19) : null,
    shopping_behavior: row.shoppingBehavior ?? '',
    targeted_nationality: row.targetedNationality ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

/** Shopping behaviours must be the company's categories and nationalities known countries. */
async function checkLists(db: Db | Tx, companyId: number, values: PromotionValues) {
  const errors: FieldError[] = [];
  const [categories, nationalities] = await Promise.all([
    unknownPromotionCategories(db, companyId, splitList(values.shopping_behavior)),
    unknownCountries(db, splitList(values.targeted_nationality)),
  ]);
  if (categories.length > 0) {
    errors.push({ field: 'promotion.shopping_behavior', message: 'categoryUnknown' });
  }
  if (nationalities.length > 0) {
    errors.push({ field: 'promotion.targeted_nationality', message: 'nationalityInvalid' });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

/** Promotions of the signed-in branch (SPEC 2 "Promotions screen", 7). */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['promotions'];
  const tenantOf = (session: { companyId: number; branchId: number }): Tenant => ({
    companyId: session.companyId,
    branchId: session.branchId,
  });

  app.get(
    '/companies/:companyId/promotions/categories',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The company's promotion categories (Shopping Behavior options)",
        security,
        params: branchParams.pick({ companyId: true }),
        response: { 200: successEnvelope(z.array(promotionCategorySchema)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: inLanguageOrder(
        (await listPromotionCategories(app.db, request.session!.companyId)).map((category) => ({
          ...category,
          label: categoryName(request, 'promotion', category.value, category.label),
        })),
        (category) => category.label,
        request.language,
      ),
    }),
  );

  app.get(
    '/companies/:companyId/retailers/:branchId/promotions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A page of the branch's promotions, newest first",
        security,
        params: branchParams,
        querystring: contentListQuerySchema,
        response: { 200: listEnvelope(promotionSchema) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.session!);
      const [{ rows, total }, accountNo] = await Promise.all([
        listPromotions(app.db, tenant, request.query),
        accountNoOf(app.db, tenant.companyId),
      ]);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: rows.map((row) => promotionView(row, accountNo)),
        metadata: { total },
      };
    },
  );

  app.get(
    '/companies/:companyId/retailers/:branchId/promotions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One promotion of the branch',
        security,
        params: itemParams,
        response: { 200: successEnvelope(promotionSchema) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.session!);
      const row = await findPromotion(app.db, tenant, request.params.id);
      if (!row) throw new AppError('PROMOTION_NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: promotionView(row, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  const bodyDescription =
    '`{promotion: {...}}`: `image` is the stored name answered by the upload; `notification_schedule` is `yyyy-mm-dd HH:mm:ss` (or `notification_schedule_date` with `notification_schedule_time` `HH:mm:ss`); `shopping_behavior` and `targeted_nationality` (ISO3) are comma-joined.';

  app.post(
    '/companies/:companyId/retailers/:branchId/promotions',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Add a promotion',
        description: bodyDescription,
        security,
        params: branchParams,
        body: promotionPayloadSchema,
        response: { 200: successEnvelope(promotionSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      const values = request.body.promotion;
      await checkLists(app.db, tenant.companyId, values);
      const id = await app.db.transaction(async (tx) => {
        await claimImageOrFail(tx, tenant.companyId, values.image, 'promotion.image');
        const created = await createPromotion(tx, tenant, values);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'promotion.create',
          entity: 'promotion',
          entityId: String(created),
        });
        return created;
      });
      const row = await findPromotion(app.db, tenant, id);
      return {
        status: 'success' as const,
        message: request.t('success.promotionSaved'),
        data: promotionView(row!, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  app.put(
    '/companies/:companyId/retailers/:branchId/promotions/:id',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Update a promotion',
        description: bodyDescription,
        security,
        params: itemParams,
        body: promotionPayloadSchema,
        response: { 200: successEnvelope(promotionSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      const values = request.body.promotion;
      const before = await findPromotion(app.db, tenant, request.params.id);
      if (!before) throw new AppError('PROMOTION_NOT_FOUND');
      await checkLists(app.db, tenant.companyId, values);
      await app.db.transaction(async (tx) => {
        await claimImageOrFail(tx, tenant.companyId, values.image, 'promotion.image');
        await updatePromotion(tx, tenant, before.id, values);
        if (before.image !== values.image) await releaseImage(tx, tenant.companyId, before.image);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'promotion.update',
          entity: 'promotion',
          entityId: String(before.id),
        });
      });
      const row = await findPromotion(app.db, tenant, before.id);
      if (!row) throw new AppError('PROMOTION_NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.promotionSaved'),
        data: promotionView(row, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  app.delete(
    '/companies/:companyId/retailers/:branchId/promotions/:id',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Delete a promotion and release its image',
        security,
        params: itemParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      await app.db.transaction(async (tx) => {
        const row = await deletePromotion(tx, tenant, request.params.id);
        if (!row) throw new AppError('PROMOTION_NOT_FOUND');
        await releaseImage(tx, tenant.companyId, row.image);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'promotion.delete',
          entity: 'promotion',
          entityId: String(row.id),
          details: { title: row.title },
        });
      });
      return { status: 'success' as const, message: request.t('success.promotionDeleted') };
    },
  );
};
