import { describe, expect, it } from 'vitest';
import { CAPABILITIES, isStaffRole, mayDo } from './roles.ts';

describe('mayDo', () => {
  it('gives a manager every capability', () => {
    for (const capability of CAPABILITIES) expect(mayDo('manager', capability)).toBe(true);
  });

  it('gives a clerk the counter of its branch and its own account, nothing else', () => {
    expect(CAPABILITIES.filter((capability) => mayDo('clerk', capability))).toEqual([
      'counter',
      'ownAccount',
    ]);
  });

  it("gives a till's key the counter of its branch, and no account of a person's", () => {
    expect(CAPABILITIES.filter((capability) => mayDo('till', capability))).toEqual(['counter']);
  });

  it('gives a person the two staff roles and nothing else, never the till', () => {
    expect(['manager', 'clerk', 'till', 'admin', 'Manager', '', null].map(isStaffRole)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
