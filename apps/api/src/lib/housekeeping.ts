import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { formMails, loginFailures, passwordResetTokens, sessions } from '../db/schema/index.ts';
import { THROTTLE_WINDOW_MS } from '../modules/auth/login-throttle.repository.ts';
import type { FileStore } from './files/file-store.ts';
import { purgeExpiredKeys } from './idempotency.ts';
import { purgeTemporaryFiles } from './stored-files.ts';
import { purgeThrottleEvents } from './throttle.ts';

/** Ended sessions and used or expired reset links are kept this long for questions, then go. */
export const ENDED_RECORDS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Counted requests are kept as long as the longest throttling window in use, a day at most. */
export const THROTTLE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Stored content without a row is swept once it is this old: far longer than any transaction
 * that is still to commit its row takes.
 */
export const ROWLESS_CONTENT_KEPT_MS = 60 * 60 * 1000;

export type HousekeepingResult = {
  uploads: number;
  /** Stored content whose row was deleted (a purged upload, a replaced print). */
  rowlessContent: number;
  idempotencyKeys: number;
  sessions: number;
  resetTokens: number;
  loginFailures: number;
  throttleEvents: number;
  /** Mails to travellers sent or given up on a week ago (each attempt stays in the form's audit). */
  formMails: number;
};

/**
 * Removes what has outlived its use: unclaimed uploads and the content of deleted files, remembered answers to retried issues past
 * their 24 hours, sessions and reset links ended a week ago, sign-in failures outside the
 * throttling window, counted requests older than a day, travellers' mails done with a week ago. Each is a separate statement: one failing does not keep the others back.
 */
export async function runHousekeeping(
  db: Db,
  options: { uploadTtlSeconds: number; files: FileStore; now?: Date },
): Promise<HousekeepingResult> {
  const now = options.now ?? new Date();
  const endedBefore = new Date(now.getTime() - ENDED_RECORDS_KEPT_MS);
  const count = (rows: unknown[]) => rows.length;
  return {
    uploads: await purgeTemporaryFiles(db, { ttlSeconds: options.uploadTtlSeconds }),
    rowlessContent: await options.files.sweep(db, ROWLESS_CONTENT_KEPT_MS),
    idempotencyKeys: await purgeExpiredKeys(db, now),
    sessions: count(
      await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, endedBefore))
        .returning({ id: sessions.id }),
    ),
    resetTokens: count(
      await db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, endedBefore))
        .returning({ id: passwordResetTokens.id }),
    ),
    loginFailures: count(
      await db
        .delete(loginFailures)
        .where(lt(loginFailures.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)))
        .returning({ id: loginFailures.id }),
    ),
    throttleEvents: await purgeThrottleEvents(db, {
      olderThanMs: THROTTLE_EVENTS_KEPT_MS,
      now,
    }),
    formMails: count(
      await db
        .delete(formMails)
        .where(
          and(inArray(formMails.status, ['sent', 'failed']), lt(formMails.createdAt, endedBefore)),
        )
        .returning({ id: formMails.id }),
    ),
  };
}
