import {
  centsToAmount,
  dayIn,
  type FormToWrite,
  type IssueContext,
  type TaxFormPayload,
} from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import type { CompanyProfile } from '../../../db/repositories/companies.repository.ts';
import { countryIso2ById } from '../../../db/repositories/countries.repository.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/**
 * The company with its settings, as the server keeps them for a few seconds
 * (plugins/recent-reads.ts), read through the caller's transaction when they are not kept.
 */
export type CompanyProfiles = (companyId: number, tx: Tx) => Promise<CompanyProfile>;

/** What issuing and updating are given: who, for which company, and the body as parsed. */
export type FormWriteOptions = {
  tenant: Tenant;
  userId: number;
  companyProfile: CompanyProfiles;
  /** The body as its schema parsed it: shapes checked, settings not yet. */
  payload: TaxFormPayload;
  secretKey: Buffer;
};

export type SavedTaxForm = { id: number; barcode: string };

/** What a form is judged against (decideIssue): the company, its settings, its day, the countries. */
export async function loadIssueContext(
  tx: Tx,
  companyProfile: CompanyProfiles,
  companyId: number,
): Promise<IssueContext & { timeZone: string }> {
  const { company, settings } = await companyProfile(companyId, tx);
  const isoById = await countryIso2ById(tx);
  return {
    timeZone: company.timeZone,
    company,
    settings,
    today: dayIn(company.timeZone),
    isoOf: (id) => isoById.get(id) ?? null,
  };
}

/** The amounts an audit entry of an issue or an update keeps. */
export const amountsForAudit = ({ computed, payload }: FormToWrite) => ({
  gross: centsToAmount(computed.gross),
  refund: centsToAmount(computed.refund),
  ...(payload.taxform.no_auto_calculation === 1 && { manualAmounts: true }),
});
