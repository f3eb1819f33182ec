import * as z from 'zod/mini';
import { branchSummarySchema, newBranchSchema, type NewBranch } from './staff.schema.ts';

/**
 * A branch as its managers' list answers it (`GET /api/v2/companies/{companyId}/retailers`), with
 * its postcode: what the edit form starts from.
 */
export const branchSchema = z.extend(branchSummarySchema, { postcode: z.nullable(z.string()) });
export type Branch = z.infer<typeof branchSchema>;

/**
 * `PUT /api/v2/companies/{companyId}/branches/{branchId}`: the branch's name and where it is, by
 * the rules of a new branch. The whole branch is sent: a place left out or empty is cleared.
 */
export const branchChangeSchema = newBranchSchema;
export type BranchChange = NewBranch;
