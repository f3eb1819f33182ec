import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export async function getCompany(db: Db | Tx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}
