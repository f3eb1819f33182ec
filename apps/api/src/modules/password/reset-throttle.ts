import type { Db } from '../../db/client.ts';
import { admit, type ThrottleRule } from '../../lib/throttle.ts';

/**
 * Reset requests for one account number and e-mail: a clerk who lost the first e-mail asks again
 * once or twice, never five times in an hour. Past that, a stranger is filling the clerk's mailbox.
 */
export const RESET_REQUESTS_PER_ACCOUNT: ThrottleRule = {
  scope: 'reset-request:account',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};

/** Reset requests from one address, whatever the accounts: a shop's few clerks share one. */
export const RESET_REQUESTS_PER_ADDRESS: ThrottleRule = {
  scope: 'reset-request:address',
  limit: 20,
  windowMs: 15 * 60 * 1000,
};

/** The account number and e-mail as the lookup reads them: trimmed, in any letter case. */
export const resetRequestKey = (accountNo: string, email: string) =>
  `${accountNo.trim().toLowerCase()}|${email.trim().toLowerCase()}`;

/**
 * Counts a reset request of the account and e-mail `accountKey` from `address`, or answers the
 * seconds to wait (nothing counted) when either has had its share. Every request counts alike,
 * whether it matches an account or not, so the throttle tells nothing about accounts.
 */
export function admitResetRequest(db: Db, accountKey: string, address: string): Promise<number> {
  return admit(db, [
    { rule: RESET_REQUESTS_PER_ACCOUNT, key: accountKey },
    { rule: RESET_REQUESTS_PER_ADDRESS, key: address },
  ]);
}
