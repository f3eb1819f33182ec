/** The company and branch a signed-in user works for: every query of theirs is scoped by it. */
export type Tenant = { companyId: number; branchId: number };
