import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentListQuerySchema,
  galleryItemSchema,
  galleryPayloadSchema,
  listEnvelope,
  messageEnvelopeSchema,
  successEnvelope,
} from '@taxfree/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { claimImageOrFail, releaseImage } from '../../lib/stored-files.ts';
import { imagePath } from '../../lib/uploads.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { getCompany } from '../../db/repositories/companies.repository.ts';
import {
  createGalleryItem,
  deleteGalleryItem,
  findGalleryItem,
  listGalleryItems,
  updateGalleryItem,
  type GalleryRow,
} from './gallery.repository.ts';
import { branchParams, itemParams } from '../../lib/route-params.ts';

async function accountNoOf(db: Db, companyId: number): Promise<string> {
  const company = await getCompany(db, companyId);
  return company.accountNo;
}

function galleryView(row: GalleryRow, accountNo: string) {
  return {
    gallery_id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    path: imagePath(accountNo, row.companyId, row.image),
    start_date: row.startDate,
    end_date: row.endDate,
    created_at: row.createdAt.toISOString(),
  };
}

/** The branch's picture gallery (SPEC 2 "Gallery screen", 7). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['gallery'];
  const tenantOf = (session: { companyId: number; branchId: number }): Tenant => ({
    companyId: session.companyId,
    branchId: session.branchId,
  });
  const bodyDescription =
    '`{gallery: {...}}`: `image` is the stored name answered by the upload; `start_date` and `end_date` are optional `yyyy-mm-dd`.';

  app.get(
    '/companies/:companyId/retailers/:branchId/gallery',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A page of the branch's gallery, newest first",
        security,
        params: branchParams,
        querystring: contentListQuerySchema,
        response: { 200: listEnvelope(galleryItemSchema) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.session!);
      const [{ rows, total }, accountNo] = await Promise.all([
        listGalleryItems(app.db, tenant, request.query),
        accountNoOf(app.db, tenant.companyId),
      ]);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: rows.map((row) => galleryView(row, accountNo)),
        metadata: { total },
      };
    },
  );

  app.get(
    '/companies/:companyId/retailers/:branchId/gallery/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One gallery item of the branch',
        security,
        params: itemParams,
        response: { 200: successEnvelope(galleryItemSchema) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.session!);
      const row = await findGalleryItem(app.db, tenant, request.params.id);
      if (!row) throw new AppError('GALLERY_ITEM_NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: galleryView(row, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  app.post(
    '/companies/:companyId/retailers/:branchId/gallery',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Add a picture to the gallery',
        description: bodyDescription,
        security,
        params: branchParams,
        body: galleryPayloadSchema,
        response: { 200: successEnvelope(galleryItemSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      const values = request.body.gallery;
      const id = await app.db.transaction(async (tx) => {
        await claimImageOrFail(tx, tenant.companyId, values.image, 'gallery.image');
        const created = await createGalleryItem(tx, tenant, values);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'gallery.create',
          entity: 'gallery_item',
          entityId: String(created),
        });
        return created;
      });
      const row = await findGalleryItem(app.db, tenant, id);
      return {
        status: 'success' as const,
        message: request.t('success.imageSaved'),
        data: galleryView(row!, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  app.put(
    '/companies/:companyId/retailers/:branchId/gallery/:id',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Update a gallery item',
        description: bodyDescription,
        security,
        params: itemParams,
        body: galleryPayloadSchema,
        response: { 200: successEnvelope(galleryItemSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      const values = request.body.gallery;
      const before = await findGalleryItem(app.db, tenant, request.params.id);
      if (!before) throw new AppError('GALLERY_ITEM_NOT_FOUND');
      await app.db.transaction(async (tx) => {
        await claimImageOrFail(tx, tenant.companyId, values.image, 'gallery.image');
        await updateGalleryItem(tx, tenant, before.id, values);
        if (before.image !== values.image) await releaseImage(tx, tenant.companyId, before.image);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'gallery.update',
          entity: 'gallery_item',
          entityId: String(before.id),
        });
      });
      const row = await findGalleryItem(app.db, tenant, before.id);
      if (!row) throw new AppError('GALLERY_ITEM_NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.imageSaved'),
        data: galleryView(row, await accountNoOf(app.db, tenant.companyId)),
      };
    },
  );

  app.delete(
    '/companies/:companyId/retailers/:branchId/gallery/:id',
    {
      onRequest: [app.authenticate, app.allow('content')],
      schema: {
        tags,
        summary: 'Delete a gallery item and release its image',
        security,
        params: itemParams,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const tenant = tenantOf(session);
      await app.db.transaction(async (tx) => {
        const row = await deleteGalleryItem(tx, tenant, request.params.id);
        if (!row) throw new AppError('GALLERY_ITEM_NOT_FOUND');
        await releaseImage(tx, tenant.companyId, row.image);
        await recordAudit(tx, {
          companyId: tenant.companyId,
          userId: session.userId,
          action: 'gallery.delete',
          entity: 'gallery_item',
          entityId: String(row.id),
          details: { title: row.title },
        });
      });
      return { status: 'success' as const, message: request.t('success.imageDeleted') };
    },
  );
};
