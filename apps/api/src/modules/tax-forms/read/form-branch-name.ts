import { sql } from 'drizzle-orm';

/**
 * The branch that issued a form, as a column of a select over `tax_forms`: the company-wide list,
 * worklist and export name it beside each form.
 */
export const formBranchName = sql<string>`(select b.branch_name from branches b
  where b.company_id = "tax_forms"."company_id" and b.id = "tax_forms"."branch_id")`;
