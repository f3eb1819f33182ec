import { describe, expect, it } from 'vitest';
import { CAPABILITIES, isStaffRole, mayDo } from './roles.ts';

describe('mayDo', () => {
  it('gives a manager every capability', () => {
    for (const capability of CAPABILITIES) expect(mayDo('manager', capability)).toBe(true);
  });

  it('gives a clerk the counter of its branch and nothing else', () => {
    expect(CAPABILITIES.filter((capability) => mayDo('clerk', capability))).toEqual(['counter']);
  });

  it('knows the two roles and nothing else', () => {
    expect(['manager', 'clerk', 'admin', 'Manager', '', null].map(isStaffRole)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
