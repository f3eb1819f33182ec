import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PromotionValues } from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { countries, promotionCategories, promotions } from '../../db/schema/index.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { searchWords } from '../../lib/content-query.ts';

export type PromotionRow = typeof promotions.$inferSelect;

const ofTenant = (tenant: Tenant) =>
  and(eq(promotions.companyId, tenant.companyId), eq(promotions.branchId, tenant.branchId));

/** A page of the branch's promotions, newest first, and how many match in all. */
export async function listPromotions(
  db: Db,
  tenant: Tenant,
  query: { page: number; perPage: number; search?: string | undefined },
): Promise<{ rows: PromotionRow[]; total: number }> {
  const where = and(
    ofTenant(tenant),
    ...searchWords(query.search, [promotions.title, promotions.description]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(promotions)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findPromotion(db: Db | Tx, tenant: Tenant, id: number) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(ofTenant(tenant), eq(promotions.id, id)))
    .limit(1);
  return row ?? null;
}

function columns(values: PromotionValues) {
  return {
    title: values.title,
    description: values.description,
    image: values.image,
    startDate: values.start_date,
    endDate: values.end_date,
    notificationSchedule: `${values.notification_schedule_date} ${values.notification_schedule_time}`,
    shoppingBehavior: values.shopping_behavior,
    targetedNationality: values.targeted_nationality,
  };
}

export async function createPromotion(
  db: Db | Tx,
  tenant: Tenant,
  values: PromotionValues,
): Promise<number> {
  const [row] = await db
    .insert(promotions)
    .values({ ...tenant, ...columns(values) })
    .returning({ id: promotions.id });
  return row!.id;
}

export async function updatePromotion(
  db: Db | Tx,
  tenant: Tenant,
  id: number,
  values: PromotionValues,
): Promise<void> {
  await db
    .update(promotions)
    .set({ ...columns(values), updatedAt: new Date() })
    .where(and(ofTenant(tenant), eq(promotions.id, id)));
}

/** Deletes a promotion and answers it, or null when the branch has none with that id. */
export async function deletePromotion(db: Db | Tx, tenant: Tenant, id: number) {
  const [row] = await db
    .delete(promotions)
    .where(and(ofTenant(tenant), eq(promotions.id, id)))
    .returning();
  return row ?? null;
}

export async function listPromotionCategories(db: Db, companyId: number) {
  return db
    .select({ value: promotionCategories.value, label: promotionCategories.label })
    .from(promotionCategories)
    .where(eq(promotionCategories.companyId, companyId))
    .orderBy(asc(promotionCategories.label));
}

/** The values among `values` that are not promotion categories of the company. */
export async function unknownPromotionCategories(
  db: Db | Tx,
  companyId: number,
  values: string[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const known = await db
    .select({ value: promotionCategories.value })
    .from(promotionCategories)
    .where(
      and(eq(promotionCategories.companyId, companyId), inArray(promotionCategories.value, values)),
    );
  const found = new Set(known.map((row) => row.value));
  return values.filter((value) => !found.has(value));
}

/** The ISO3 codes among `codes` that name no country. */
export async function unknownCountries(db: Db | Tx, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = await db
    .select({ iso3: countries.iso3 })
    .from(countries)
    .where(inArray(countries.iso3, codes));
  const found = new Set(known.map((row) => row.iso3));
  return codes.filter((code) => !found.has(code));
}
