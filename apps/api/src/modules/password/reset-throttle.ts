import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { recordEvent, secondsUntilAllowed, type ThrottleRule } from '../../lib/throttle.ts';

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

/** One decision at a time for a caller, in every server process, until the transaction ends. */
async function lockCaller(tx: Tx, rule: ThrottleRule, key: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${rule.scope}|${key}`}, 0))`,
  );
}

/**
 * Counts a reset request of the account and e-mail `accountKey` from `address`, or answers the
 * seconds to wait (nothing counted) when either has had its share. Every request counts alike,
 * whether it matches an account or not, so the throttle tells nothing about accounts. The check
 * and the count are one step per caller: requests sent all at once cannot slip through together.
 */
export async function admitResetRequest(
  db: Db,
  accountKey: string,
  address: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Always the account first, then the address: requests may wait for one another, never in a circle.
    await lockCaller(tx, RESET_REQUESTS_PER_ACCOUNT, accountKey);
    await lockCaller(tx, RESET_REQUESTS_PER_ADDRESS, address);
    const wait = Math.max(
      await secondsUntilAllowed(tx, RESET_REQUESTS_PER_ACCOUNT, accountKey),
      await secondsUntilAllowed(tx, RESET_REQUESTS_PER_ADDRESS, address),
    );
    if (wait > 0) return wait;
    await recordEvent(tx, RESET_REQUESTS_PER_ACCOUNT, accountKey);
    await recordEvent(tx, RESET_REQUESTS_PER_ADDRESS, address);
    return 0;
  });
}
