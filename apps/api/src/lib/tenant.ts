/** The company and branch a signed-in user works for: every query of theirs is scoped by it. */
export type Tenant = { companyId: number; branchId: number };

/** Whose forms a company-wide read covers: a branch's, or, with no branch, every branch's. */
export type FormScope = { companyId: number; branchId?: number | undefined };
