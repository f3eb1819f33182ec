import { and, count, eq, gt, lt, min, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const accountKey = (accountNo: string, username: string) =>
  `${accountNo.trim().toLowerCase()}|${username.trim().toLowerCase()}`;

/**
 * Seconds until another attempt is allowed, or 0. Failures are counted per account from one
 * address, so a stranger's guesses lock out the stranger's address, not the clerk at the
 * counter; and per address across accounts, so one address cannot go through many accounts.
 * Counted in the database so every server process shares the counters.
 */
export async function secondsUntilAllowed(db: Db, key: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const [byAccount, byAddress] = await Promise.all([
    db
      .select({ n: count(), first: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, key),
          eq(loginFailures.ip, ip),
          gt(loginFailures.createdAt, since),
        ),
      ),
    db
      .select({ n: count(), first: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ]);
  const waits = [
    [byAccount[0], MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS],
    [byAddress[0], MAX_FAILURES_PER_ADDRESS],
  ] as const;
  let wait = 0;
  for (const [row, limit] of waits) {
    if (row && row.n >= limit && row.first) {
      const until = row.first.getTime() + THROTTLE_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((until - Date.now()) / 1000));
    }
  }
  return Math.max(wait, 0);
}

export async function recordFailure(db: Db, key: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ accountKey: key, ip });
}

/**
 * A successful sign-in forgets the failures on that account from that address: typing mistakes
 * at the counter. Other addresses' failures on the account stay counted.
 */
export async function clearAccountFailures(db: Db, key: string, ip: string): Promise<void> {
  const cutoff = new Date(Date.now() - THROTTLE_WINDOW_MS);
  await db
    .delete(loginFailures)
    .where(
      or(
        and(eq(loginFailures.accountKey, key), eq(loginFailures.ip, ip)),
        lt(loginFailures.createdAt, cutoff),
      ),
    );
}
