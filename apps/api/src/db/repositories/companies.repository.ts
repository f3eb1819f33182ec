import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { announceChange } from '../change-notices.ts';
import type { Db, Tx } from '../client.ts';
import { companies } from '../schema/index.ts';
import { loadCompanySettings, type CompanySettings } from './settings.repository.ts';

/** The company, or null when there is none with this id. */
export async function findCompany(db: Db | Tx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

/** The company with this account number, or null when there is none. */
export async function findCompanyByAccount(db: Db | Tx, accountNo: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.accountNo, accountNo))
    .limit(1);
  return row ?? null;
}

/** The company; NOT_FOUND when there is none (a session's company was deleted, say). */
export async function getCompany(db: Db | Tx, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export type Company = Awaited<ReturnType<typeof getCompany>>;

/** A company with its settings: what issuing a form, and most screens, read of it. */
export type CompanyProfile = { company: Company; settings: CompanySettings };

/** The company and its settings; NOT_FOUND when there is none with this id. */
export async function loadCompanyProfile(db: Db | Tx, companyId: number): Promise<CompanyProfile> {
  const [company, settings] = await Promise.all([
    getCompany(db, companyId),
    loadCompanySettings(db, companyId),
  ]);
  return { company, settings };
}

/** The parts of the legal identity to change; those left out keep their stored value. */
export type LegalIdentityChange = Partial<Pick<Company, 'legalName' | 'address' | 'vatNumber'>>;

/** Changes the company's legal identity (registered name, address, VAT number). */
export async function updateLegalIdentity(
  db: Db | Tx,
  companyId: number,
  change: LegalIdentityChange,
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db
    .update(companies)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
  await announceChange(db, { kind: 'company', companyId });
}
