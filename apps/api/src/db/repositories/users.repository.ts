import { and, eq, sql } from 'drizzle-orm';
import { isStaffRole } from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { branches, companies, settings, users } from '../../db/schema/index.ts';

export async function findUserForLogin(db: Db, accountNo: string, username: string) {
  const [row] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      branchId: users.branchId,
      username: users.username,
      name: users.name,
      image: users.image,
      passwordHash: users.passwordHash,
      mustChangePassword: users.mustChangePassword,
      role: users.role,
      active: users.active,
      accountNo: companies.accountNo,
      ushopSetting: companies.ushopSetting,
      branchName: branches.branchName,
      country: companies.country,
      vatSetting: settings.vatSetting,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(
      branches,
      and(eq(branches.id, users.branchId), eq(branches.companyId, users.companyId)),
    )
    .leftJoin(settings, eq(settings.companyId, users.companyId))
    .where(
      and(
        eq(companies.accountNo, accountNo.trim()),
        eq(sql`lower(${users.username})`, username.trim().toLowerCase()),
      ),
    )
    .limit(1);
  // A till's key acts as a user of its own, which never signs in with a password.
  if (!row || !isStaffRole(row.role)) return null;
  return { ...row, role: row.role };
}

export async function findUser(db: Db | Tx, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export async function setPassword(
  db: Db | Tx,
  companyId: number,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
