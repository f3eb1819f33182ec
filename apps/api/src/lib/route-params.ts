import { z } from 'zod';
import { MAX_ROW_ID } from '@taxfree/domain';

/**
 * The ids a URL names, bounded to what an `integer` column holds: a larger one is a validation
 * error, never a database error. The auth pre-handler compares companyId and branchId with the
 * session's.
 */
export const rowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const companyParams = z.object({ companyId: rowId });
export const branchParams = companyParams.extend({ branchId: rowId });
/** A tax form of the branch. */
export const formParams = branchParams.extend({ formId: rowId });
/** A promotion or gallery item of the branch. */
export const itemParams = branchParams.extend({ id: rowId });
export const userParams = companyParams.extend({ userId: rowId });
