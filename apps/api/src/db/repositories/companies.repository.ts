import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { Db, Tx } from '../client.ts';
import { companies } from '../schema/index.ts';

/** The company, or null when there is none with this id. */
export async function findCompany(db: Db | Tx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

/** The company; NOT_FOUND when there is none (a session's company was deleted, say). */
export async function getCompany(db: Db | Tx, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export type Company = Awaited<ReturnType<typeof getCompany>>;
