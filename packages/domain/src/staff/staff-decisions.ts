import { allow, refuse, type Decision } from '../decisions/decision.ts';
import type { StaffChange } from './staff.schema.ts';
import type { StaffRole } from './roles.ts';

/** The user a manager changes, as stored. */
export type StaffMember = { id: number; role: StaffRole; active: boolean; branchId: number };

export type StaffChangeContext = {
  /** How many active managers the company has now, this user included if it is one. */
  activeManagers: number;
  /** Whether the branch named by the change is one of the company's. */
  isCompanyBranch: (branchId: number) => boolean;
};

/** What is written: the user's new role, branch and state, and whether its sessions end. */
export type StaffChangeToWrite = {
  role: StaffRole;
  branchId: number;
  active: boolean;
  /**
   * Deactivated, or a clerk moved to another branch (its sessions work in the old one): every
   * session of the user ends at once, in every server process; a moved clerk signs in again.
   */
  endSessions: boolean;
};

/**
 * Whether a manager may change a user's role, branch or state. In order: the branch is one of the
 * company's; the change leaves the company at least one active manager (a manager cannot demote
 * or deactivate the last one, themselves included: LAST_MANAGER), so someone can always run the shop.
 */
export function decideStaffChange(
  member: StaffMember,
  change: StaffChange,
  context: StaffChangeContext,
): Decision<StaffChangeToWrite> {
  const branchId = change.branch_id ?? member.branchId;
  if (!context.isCompanyBranch(branchId)) {
    return refuse('VALIDATION_FAILED', {
      issues: [{ path: ['branch_id'], message: 'branchUnknown' }],
    });
  }
  const role = change.role ?? member.role;
  const active = change.active ?? member.active;
  const wasManager = member.role === 'manager' && member.active;
  const staysManager = role === 'manager' && active;
  if (wasManager && !staysManager && context.activeManagers <= 1) return refuse('LAST_MANAGER');
  const movedClerk = role === 'clerk' && branchId !== member.branchId;
  return allow({ role, branchId, active, endSessions: member.active && (!active || movedClerk) });
}
