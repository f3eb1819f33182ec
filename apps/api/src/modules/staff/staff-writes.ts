import { and, eq } from 'drizzle-orm';
import {
  decideStaffChange,
  type NewStaffUser,
  type StaffChange,
  type StaffUser,
} from '@taxfree/domain';
import { announceChange } from '../../db/change-notices.ts';
import type { Tx } from '../../db/client.ts';
import { revokeUserSessions } from '../../db/repositories/sessions.repository.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { assertStrongPassword, passwordOwner } from '../../lib/password-policy.ts';
import { hashPassword, NO_PASSWORD } from '../../lib/passwords.ts';
import { decided, fieldRefusal } from '../../lib/refusal-error.ts';
import { createResetToken, endResetTokens } from '../../db/repositories/reset-tokens.repository.ts';
import {
  companyBranchIds,
  findStaffUser,
  isUsernameTaken,
  lockManagersAndMember,
} from './staff.repository.ts';
import { INVITE_LINK_DAYS } from './staff-invite.ts';

/** Who acts: the signed-in manager's company and user. */
type Actor = { companyId: number; userId: number };

/** What adding a user made: its id, and the token of its link when it sets its password by one. */
export type AddedStaffUser = { userId: number; linkToken: string | null };

/**
 * Adds a user to the company, in the caller's transaction: its branch one of the company's, its
 * username free in the company. With a first password from the manager, the user must change it
 * at the first sign-in; without one (`email_link`), the user has no password and cannot sign in
 * until it sets one through the link made here, for the caller to e-mail. Audited.
 */
export async function addStaffUser(
  tx: Tx,
  actor: Actor & { country: string; accountNo: string },
  input: NewStaffUser,
): Promise<AddedStaffUser> {
  const { companyId } = actor;
  const { password } = input;
  if (!(await companyBranchIds(tx, companyId)).has(input.branch_id)) {
    throw fieldRefusal('branch_id', 'branchUnknown');
  }
  if (await isUsernameTaken(tx, companyId, input.username)) {
    throw fieldRefusal('username', 'usernameTaken');
  }
  if (password !== undefined) {
    await assertStrongPassword(password, { ...input, accountNo: actor.accountNo });
  }
  const [user] = await tx
    .insert(users)
    .values({
      companyId,
      branchId: input.branch_id,
      username: input.username,
      passwordHash: password === undefined ? NO_PASSWORD : await hashPassword(password),
      name: input.name,
      email: input.email,
      mobile: input.mobile || null,
      country: actor.country,
      role: input.role,
      mustChangePassword: password !== undefined,
    })
    // Two managers adding the same username at once: the second is told it is taken.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw fieldRefusal('username', 'usernameTaken');
  const linkToken =
    password === undefined
      ? await createResetToken(tx, companyId, user.id, INVITE_LINK_DAYS * 24 * 60 * 60)
      : null;
  await recordAudit(tx, {
    companyId,
    userId: actor.userId,
    action: 'user.create',
    entity: 'user',
    entityId: String(user.id),
    details: {
      username: input.username,
      role: input.role,
      branchId: input.branch_id,
      passwordSetup: input.password_setup,
    },
  });
  return { userId: user.id, linkToken };
}

/**
 * Changes a user's role, branch or state, in the caller's transaction: load the user and the
 * company's active managers (locked), decide (decideStaffChange), write, end the user's sessions
 * everywhere when deactivated, audit. A refusal writes nothing.
 */
export async function changeStaffUser(
  tx: Tx,
  actor: Actor,
  userId: number,
  change: StaffChange,
): Promise<StaffUser> {
  const { companyId } = actor;
  const { member, activeManagers } = await lockManagersAndMember(tx, companyId, userId);
  if (!member) throw new AppError('USER_NOT_FOUND');
  const branchIds = await companyBranchIds(tx, companyId);
  const next = decided(
    decideStaffChange(member, change, {
      activeManagers,
      isCompanyBranch: (id) => branchIds.has(id),
    }),
  );
  await tx
    .update(users)
    .set({ role: next.role, branchId: next.branchId, active: next.active, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (next.endSessions) await revokeUserSessions(tx, companyId, userId);
  // Its sessions carry its role: every process reads them again.
  else await announceChange(tx, { kind: 'user', companyId, userId });
  await recordAudit(tx, {
    companyId,
    userId: actor.userId,
    action: 'user.change',
    entity: 'user',
    entityId: String(userId),
    details: { ...change },
  });
  return (await findStaffUser(tx, companyId, userId))!;
}

/**
 * Gives a user a first password chosen by a manager: the user must change it at the next
 * sign-in, its sessions and reset links end. Audited.
 */
export async function resetStaffPassword(
  tx: Tx,
  actor: Actor,
  userId: number,
  password: string,
): Promise<void> {
  const { companyId } = actor;
  await assertStrongPassword(password, await passwordOwner(tx, companyId, userId));
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  if (!user) throw new AppError('USER_NOT_FOUND');
  await revokeUserSessions(tx, companyId, userId);
  await endResetTokens(tx, companyId, userId);
  await recordAudit(tx, {
    companyId,
    userId: actor.userId,
    action: 'password.manager-reset',
    entity: 'user',
    entityId: String(userId),
  });
}
