import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { throttleEvents } from '../db/schema/index.ts';

/** At most `limit` events of one kind by one caller within any `windowMs`. */
export type ThrottleRule = { scope: string; limit: number; windowMs: number };

/**
 * Seconds until the caller `key` may have one more event under `rule`, or 0 when it may now.
 * The window slides: the wait ends when the oldest counted event leaves it.
 */
async function secondsUntilAllowed(
  db: Db | Tx,
  rule: ThrottleRule,
  key: string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ n: count(), first: min(throttleEvents.createdAt) })
    .from(throttleEvents)
    .where(
      and(
        eq(throttleEvents.scope, rule.scope),
        eq(throttleEvents.key, key),
        gt(throttleEvents.createdAt, since),
      ),
    );
  if (!row || row.n < rule.limit || !row.first) return 0;
  return Math.max(1, Math.ceil((row.first.getTime() + rule.windowMs - now.getTime()) / 1000));
}

/** Counts one event of the caller `key` under `rule`. */
async function recordEvent(db: Db | Tx, rule: ThrottleRule, key: string): Promise<void> {
  await db.insert(throttleEvents).values({ scope: rule.scope, key });
}

/** One caller under one rule: the pair `admit` checks and counts. */
export type ThrottleCheck = { rule: ThrottleRule; key: string };

/**
 * Counts one event for every check, or answers the seconds to wait (nothing counted) when any
 * caller has had its share. The check and the count are one step per caller, in every server
 * process: requests sent all at once cannot slip through together. Callers are locked in the
 * order given, so give them in the same order everywhere.
 */
export async function admit(db: Db, checks: ThrottleCheck[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const { rule, key } of checks) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${rule.scope}|${key}`}, 0))`,
      );
    }
    let wait = 0;
    for (const { rule, key } of checks) {
      wait = Math.max(wait, await secondsUntilAllowed(tx, rule, key));
    }
    if (wait > 0) return wait;
    for (const { rule, key } of checks) await recordEvent(tx, rule, key);
    return 0;
  });
}

/** What `runThrottled` answers: the seconds to wait (nothing done), or the work's result. */
export type Throttled<T> = { wait: number; result?: undefined } | { wait: 0; result: T };

/**
 * Runs `work` unless a caller has had its share, and counts one event for every check only when
 * the work says so (a failed attempt, as a wrong code): attempts that succeed cost nothing. The
 * check, the work and the count hold each caller's lock, so attempts sent all at once are judged
 * one after another and cannot slip through together. Answers the seconds to wait (the work not
 * run) or the work's result.
 */
export async function runThrottled<T>(
  db: Db,
  checks: ThrottleCheck[],
  work: (tx: Tx) => Promise<{ result: T; counts: boolean }>,
): Promise<Throttled<T>> {
  return db.transaction(async (tx) => {
    for (const { rule, key } of checks) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${rule.scope}|${key}`}, 0))`,
      );
    }
    let wait = 0;
    for (const { rule, key } of checks) {
      wait = Math.max(wait, await secondsUntilAllowed(tx, rule, key));
    }
    if (wait > 0) return { wait };
    const { result, counts } = await work(tx);
    if (counts) for (const { rule, key } of checks) await recordEvent(tx, rule, key);
    return { wait: 0, result };
  });
}

/** Removes events older than `olderThanMs` (the longest window in use); answers how many. */
export async function purgeThrottleEvents(
  db: Db,
  options: { olderThanMs: number; now?: Date },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.olderThanMs);
  const rows = await db
    .delete(throttleEvents)
    .where(lt(throttleEvents.createdAt, cutoff))
    .returning({ id: throttleEvents.id });
  return rows.length;
}
