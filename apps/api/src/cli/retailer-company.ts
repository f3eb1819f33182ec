import type { Db } from '../db/client.ts';
import { findCompanyByAccount } from '../db/repositories/companies.repository.ts';
import { CommandError } from './command-error.ts';

/** The retailer's company by the account number the operator gave; refused when there is none. */
export async function companyByAccount(db: Db, accountNo: string) {
  const company = await findCompanyByAccount(db, accountNo.trim());
  if (!company) throw new CommandError(`No retailer has account number ${accountNo}.`);
  return company;
}
