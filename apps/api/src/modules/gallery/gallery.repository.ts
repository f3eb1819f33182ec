import { and, desc, eq, sql } from 'drizzle-orm';
import type { GalleryValues } from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { galleryItems } from '../../db/schema/index.ts';
import { searchWords } from '../../lib/content-query.ts';
import type { Tenant } from '../../lib/tenant.ts';

export type GalleryRow = typeof galleryItems.$inferSelect;

const ofTenant = (tenant: Tenant) =>
  and(eq(galleryItems.companyId, tenant.companyId), eq(galleryItems.branchId, tenant.branchId));

/** A page of the branch's gallery, newest first, and how many match in all. */
export async function listGalleryItems(
  db: Db,
  tenant: Tenant,
  query: { page: number; perPage: number; search?: string | undefined },
): Promise<{ rows: GalleryRow[]; total: number }> {
  const where = and(
    ofTenant(tenant),
    ...searchWords(query.search, [galleryItems.title, galleryItems.description]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(galleryItems)
      .where(where)
      .orderBy(desc(galleryItems.createdAt), desc(galleryItems.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(galleryItems)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findGalleryItem(db: Db | Tx, tenant: Tenant, id: number) {
  const [row] = await db
    .select()
    .from(galleryItems)
    .where(and(ofTenant(tenant), eq(galleryItems.id, id)))
    .limit(1);
  return row ?? null;
}

function columns(values: GalleryValues) {
  return {
    title: values.title,
    description: values.description,
    image: values.image,
    startDate: values.start_date,
    endDate: values.end_date,
  };
}

export async function createGalleryItem(
  db: Db | Tx,
  tenant: Tenant,
  values: GalleryValues,
): Promise<number> {
  const [row] = await db
    .insert(galleryItems)
    .values({ ...tenant, ...columns(values) })
    .returning({ id: galleryItems.id });
  return row!.id;
}

export async function updateGalleryItem(
  db: Db | Tx,
  tenant: Tenant,
  id: number,
  values: GalleryValues,
): Promise<void> {
  await db
    .update(galleryItems)
    .set({ ...columns(values), updatedAt: new Date() })
    .where(and(ofTenant(tenant), eq(galleryItems.id, id)));
}

/** Deletes a gallery item and answers it, or null when the branch has none with that id. */
export async function deleteGalleryItem(db: Db | Tx, tenant: Tenant, id: number) {
  const [row] = await db
    .delete(galleryItems)
    .where(and(ofTenant(tenant), eq(galleryItems.id, id)))
    .returning();
  return row ?? null;
}
