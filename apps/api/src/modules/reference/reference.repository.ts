import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productCategories, travellers } from '../../db/schema/index.ts';

export async function listProductCategories(db: Db, companyId: number) {
  return db
    .select({ category_id: productCategories.code, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.companyId, companyId))
    .orderBy(asc(productCategories.name));
}

export async function findTravellerByPassport(db: Db, companyId: number, passport: string) {
  const [row] = await db
    .select()
    .from(travellers)
    .where(
      and(
        eq(travellers.companyId, companyId),
        eq(sql`upper(${travellers.passport})`, passport.trim().toUpperCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}
