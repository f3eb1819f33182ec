import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import { isStaffRole, TILL_ROLE, type StaffRole, type StaffUser } from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { branches, sessions, users } from '../../db/schema/index.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';

/** What the staff calls read and write of the company's users: every statement company-scoped. */

const lastSignIn = (companyId: number) =>
  sql<Date | null>`(select ${max(sessions.createdAt)} from ${sessions} where ${sessions.companyId} = ${companyId} and ${sessions.userId} = ${users.id})`;

const staffColumns = (companyId: number) => ({
  userId: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  branchId: users.branchId,
  branchName: branches.branchName,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  // Invited by an e-mailed link and not come yet: no password at all.
  passwordPending: sql<boolean>`(${users.passwordHash} = ${NO_PASSWORD})`,
  lastSignIn: lastSignIn(companyId),
});

type StaffRow = {
  userId: number;
  username: string;
  name: string;
  email: string | null;
  mobile: string | null;
  role: StaffRole;
  branchId: number;
  branchName: string;
  active: boolean;
  mustChangePassword: boolean;
  passwordPending: boolean;
  lastSignIn: Date | string | null;
};

export const toStaffUser = (row: StaffRow): StaffUser => ({
  user_id: row.userId,
  username: row.username,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  role: row.role,
  branch_id: row.branchId,
  branch_name: row.branchName,
  active: row.active,
  last_sign_in: row.lastSignIn === null ? null : new Date(row.lastSignIn).toISOString(),
  must_change_password: row.mustChangePassword,
  password_pending: row.passwordPending,
});

const staffQuery = (db: Db | Tx, companyId: number) =>
  db
    .select(staffColumns(companyId))
    .from(users)
    .innerJoin(branches, and(eq(branches.id, users.branchId), eq(branches.companyId, companyId)))
    .$dynamic();

/** A person of the staff, not the user a till's key acts as (listed with the keys instead). */
const isPerson = <R extends { role: string }>(row: R): row is R & { role: StaffRole } =>
  isStaffRole(row.role);

/** The company's users, managers first, then by name. */
export async function listStaff(db: Db | Tx, companyId: number): Promise<StaffUser[]> {
  const rows = await staffQuery(db, companyId)
    .where(and(eq(users.companyId, companyId), ne(users.role, TILL_ROLE)))
    .orderBy(asc(users.role), asc(users.name), asc(users.id));
  return rows.filter(isPerson).map(toStaffUser);
}

/** One user of the company as the staff screen shows it; null when the company has none such. */
export async function findStaffUser(db: Db | Tx, companyId: number, userId: number) {
  const [row] = await staffQuery(db, companyId)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row && isPerson(row) ? toStaffUser(row) : null;
}

/**
 * The company's active managers, locked until the transaction ends with the user being changed:
 * two managers demoting each other at once cannot leave the company without one.
 */
export async function lockManagersAndMember(tx: Tx, companyId: number, userId: number) {
  const rows = await tx
    .select({ id: users.id, role: users.role, active: users.active, branchId: users.branchId })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        sql`(${users.id} = ${userId} or (${users.role} = 'manager' and ${users.active}))`,
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  const member = rows.filter(isPerson).find((row) => row.id === userId) ?? null;
  const activeManagers = rows.filter((row) => row.role === 'manager' && row.active).length;
  return { member, activeManagers };
}

/** The ids of the company's branches. */
export async function companyBranchIds(db: Db | Tx, companyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.companyId, companyId));
  return new Set(rows.map((row) => row.id));
}

/** Whether the company has a user of this username (case aside). */
export async function isUsernameTaken(db: Db | Tx, companyId: number, username: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    );
  return (row?.n ?? 0) > 0;
}
