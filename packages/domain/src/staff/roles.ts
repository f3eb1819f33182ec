/**
 * Who may do what in a shop (SPEC "staff"): a clerk works the counter of its own branch (issue,
 * edit, print, e-mail, cancel, record stages) and its own profile; a manager does all that in every
 * branch of the company, and runs the shop: its staff, branches, information and legal identity,
 * settings, promotions, gallery and exports. The server enforces it on every route; the browser
 * shows a user only what its role may do. One table, read by both.
 */
export const STAFF_ROLES = ['manager', 'clerk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CAPABILITIES = [
  /** Issue, edit, print, e-mail, cancel and record stages of forms, in a branch. */
  'counter',
  /** Work in any branch of the company, and see all of them together. */
  'allBranches',
  'staff',
  'branches',
  /** The shop's information and legal identity. */
  'shop',
  'settings',
  /** Promotions and the gallery. */
  'content',
  'exports',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const GRANTS: Readonly<Record<StaffRole, readonly Capability[]>> = {
  manager: CAPABILITIES,
  clerk: ['counter'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a user of `role` may do what `capability` covers. */
export function mayDo(role: StaffRole, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}
