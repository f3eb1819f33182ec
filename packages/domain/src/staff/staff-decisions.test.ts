import { describe, expect, it } from 'vitest';
import { decideStaffChange, type StaffMember } from './staff-decisions.ts';

const manager: StaffMember = { id: 1, role: 'manager', active: true, branchId: 10 };
const clerk: StaffMember = { id: 2, role: 'clerk', active: true, branchId: 10 };
const context = (activeManagers: number) => ({
  activeManagers,
  isCompanyBranch: (id: number) => id === 10 || id === 11,
});
const codeOf = (decision: ReturnType<typeof decideStaffChange>) =>
  decision.ok ? 'allowed' : decision.refusal.code;

describe('decideStaffChange', () => {
  it('refuses to demote or deactivate the last active manager', () => {
    expect(codeOf(decideStaffChange(manager, { role: 'clerk' }, context(1)))).toBe('LAST_MANAGER');
    expect(codeOf(decideStaffChange(manager, { active: false }, context(1)))).toBe('LAST_MANAGER');
  });

  it('lets a manager go when another one remains, and keeps the last one’s other changes', () => {
    expect(codeOf(decideStaffChange(manager, { role: 'clerk' }, context(2)))).toBe('allowed');
    expect(decideStaffChange(manager, { branch_id: 11 }, context(1))).toEqual({
      ok: true,
      value: { role: 'manager', branchId: 11, active: true, endSessions: false },
    });
  });

  it('ends the sessions of a user it deactivates, not of one it reactivates', () => {
    const off = decideStaffChange(clerk, { active: false }, context(1));
    expect(off.ok && off.value.endSessions).toBe(true);
    const back = decideStaffChange({ ...clerk, active: false }, { active: true }, context(1));
    expect(back.ok && back.value).toEqual({
      role: 'clerk',
      branchId: 10,
      active: true,
      endSessions: false,
    });
  });

  it('ends the sessions of a clerk moved to another branch, not of a manager, who works in all', () => {
    const moved = decideStaffChange(clerk, { branch_id: 11 }, context(1));
    expect(moved.ok && moved.value.endSessions).toBe(true);
    const stays = decideStaffChange(clerk, { branch_id: 10 }, context(1));
    expect(stays.ok && stays.value.endSessions).toBe(false);
    const demotedAndMoved = decideStaffChange(
      manager,
      { role: 'clerk', branch_id: 11 },
      context(2),
    );
    expect(demotedAndMoved.ok && demotedAndMoved.value.endSessions).toBe(true);
  });

  it('refuses a branch of another company', () => {
    const decision = decideStaffChange(clerk, { branch_id: 99 }, context(1));
    expect(decision.ok ? null : decision.refusal).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['branch_id'], message: 'branchUnknown' }],
    });
  });
});
