import { hash, verify } from '@node-rs/argon2';
import { CORES, WorkLimiter } from './work-limiter.ts';

/**
 * argon2id with 19 MiB and 10 passes: one check takes 50–60 ms on a two-core server (slow for
 * a guesser, quick at the counter). Passes rather than memory buy the time.
 */
const options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable as a value here)
  memoryCost: 19_456,
  timeCost: 10,
  parallelism: 1,
} as const;

/**
 * At most as many hashes at once as the machine has cores (19 MiB each); the rest wait their turn,
 * a sign-in queue of a busy morning included, and past ten seconds of waiting or a few hundred
 * waiting the caller is answered 503 with Retry-After.
 */
export const passwordHashing = new WorkLimiter({
  concurrency: CORES,
  maxQueued: 500,
  maxWaitMs: 10_000,
});

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, options));
}

/**
 * The stored hash of a user with no password (a till's user; a new user until it sets one through
 * its e-mailed link): no password matches it.
 */
export const NO_PASSWORD = '!';

/**
 * Whether the password matches the stored hash; false for a user with no password, after as long
 * as a real check takes, so the answer's timing does not tell that the user has none.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD) return verifyAgainstDummy(password);
  return passwordHashing.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when no user matched, so the answer's timing does not
 * tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
