/**
 * Who may do what in a shop (SPEC "staff"): a clerk works the counter of its own branch (issue,
 * edit, print, e-mail, cancel, record stages) and its own profile; a manager does all that in every
 * branch of the company, and runs the shop: its staff, branches, information and legal identity,
 * settings, promotions, gallery, exports and the till's API keys. A till's key does a clerk's
 * counter work in its branch and nothing of a person's account (profile, password, sign-out). The
 * server enforces it on every route; the browser shows a user only what its role may do. One
 * table, read by both.
 */
export const STAFF_ROLES = ['manager', 'clerk'] as const;
/** The roles a person is given. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role a till's API key acts in: never given to a person, never signed in with a password. */
export const TILL_ROLE = 'till';
/** Whoever calls: a person in a staff role, or a till through its key. */
export type ActorRole = StaffRole | typeof TILL_ROLE;

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
  /** The till's API keys (and, later, webhooks). */
  'integrations',
  /** One's own profile, password and sessions: a person's, not a till's. */
  'ownAccount',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const GRANTS: Readonly<Record<ActorRole, readonly Capability[]>> = {
  manager: CAPABILITIES,
  clerk: ['counter', 'ownAccount'],
  till: ['counter'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a user of `role` may do what `capability` covers. */
export function mayDo(role: ActorRole, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}
