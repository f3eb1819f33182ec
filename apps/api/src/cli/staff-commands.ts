import { and, asc, eq, sql } from 'drizzle-orm';
import { isStaffRole, STAFF_ROLES, tidyText, type StaffRole } from '@taxfree/domain';
import type { Db } from '../db/client.ts';
import { branches, users } from '../db/schema/index.ts';
import { recordAudit } from '../lib/audit.ts';
import { hashPassword } from '../lib/passwords.ts';
import { CommandError } from './command-error.ts';
import { checkPassword } from './passwords.ts';
import { companyByAccount } from './retailer-company.ts';

export type CreateUserArgs = {
  accountNo: string;
  username: string;
  password: string;
  role: string;
  /** The branch's name; the company's first branch when left out. */
  branch?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
};

export type CreateBranchArgs = { accountNo: string; name: string };

const BRANCH_NAME_MAX_LENGTH = 255;

/** The company's branch of this name (case aside), or its first branch when no name is given. */
async function branchOf(db: Db, companyId: number, name: string | undefined) {
  const wanted = name?.trim();
  const [branch] = await db
    .select({ id: branches.id, name: branches.branchName })
    .from(branches)
    .where(
      and(
        eq(branches.companyId, companyId),
        wanted ? eq(sql`lower(${branches.branchName})`, wanted.toLowerCase()) : undefined,
      ),
    )
    .orderBy(asc(branches.id))
    .limit(1);
  if (!branch) throw new CommandError(`The retailer has no branch named ${wanted}.`);
  return branch;
}

/** A new user of a retailer, manager or clerk of a branch, who must change the password first. */
export async function createUser(db: Db, args: CreateUserArgs): Promise<string> {
  const role = args.role.trim().toLowerCase();
  if (!isStaffRole(role)) {
    throw new CommandError(`Unknown role ${args.role}: use one of ${STAFF_ROLES.join(', ')}.`);
  }
  const username = args.username.trim();
  if (!username) throw new CommandError('The username must not be empty.');
  await checkPassword(args.password, { ...args, accountNo: args.accountNo.trim() });
  const email = args.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new CommandError(`Not an e-mail address: ${email}`);
  }
  const company = await companyByAccount(db, args.accountNo);
  const branch = await branchOf(db, company.id, args.branch);
  const passwordHash = await hashPassword(args.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          eq(sql`lower(${users.username})`, username.toLowerCase()),
        ),
      )
      .limit(1);
    if (taken) {
      throw new CommandError(`Username ${username} is already taken at ${company.accountNo}.`);
    }
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        branchId: branch.id,
        username,
        passwordHash,
        name: tidyText(args.name ?? '') || username,
        email,
        country: company.country,
        role: role satisfies StaffRole,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      companyId: company.id,
      userId: null,
      action: 'user.create',
      entity: 'user',
      entityId: String(user!.id),
      details: { username, role, branchId: branch.id },
    });
    return `Created ${role} ${username} (user ${user!.id}) at ${company.accountNo}, branch ${branch.name}; the password must be changed at first login.`;
  });
}

/** A new branch of a retailer. */
export async function createBranch(db: Db, args: CreateBranchArgs): Promise<string> {
  const name = tidyText(args.name);
  if (!name) throw new CommandError('The branch name must not be empty.');
  if (name.length > BRANCH_NAME_MAX_LENGTH) {
    throw new CommandError(
      `The branch name may have at most ${BRANCH_NAME_MAX_LENGTH} characters.`,
    );
  }
  const company = await companyByAccount(db, args.accountNo);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(
        and(
          eq(branches.companyId, company.id),
          eq(sql`lower(${branches.branchName})`, name.toLowerCase()),
        ),
      )
      .limit(1);
    if (taken) throw new CommandError(`${company.accountNo} already has a branch named ${name}.`);
    const [branch] = await tx
      .insert(branches)
      .values({ companyId: company.id, branchName: name })
      .returning({ id: branches.id });
    await recordAudit(tx, {
      companyId: company.id,
      userId: null,
      action: 'branch.create',
      entity: 'branch',
      entityId: String(branch!.id),
      details: { name },
    });
    return `Created branch ${name} (branch ${branch!.id}) at ${company.accountNo}.`;
  });
}
