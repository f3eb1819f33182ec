import type { ScannedReceiptAnswer } from '@taxfree/domain';
import { api } from '@/lib/api-client';
import { branchPath, type Tenant } from '@/lib/company-data';

/**
 * The server's reading of a receipt's code (`POST …/taxforms/scanReceipt`): the same as the
 * browser's, and also the company's form that already holds the receipt, if one does.
 */
export async function scanReceipt(tenant: Tenant, code: string): Promise<ScannedReceiptAnswer> {
  const response = await api.post<ScannedReceiptAnswer>(
    `${branchPath(tenant)}/taxforms/scanReceipt`,
    { code },
  );
  return response.data;
}
