import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with 19 MiB and 10 passes: one check takes 50–60 ms on a two-core server (slow for
 * a guesser, quick at the counter). Passes rather than memory buy the time, so four checks in
 * parallel (the thread pool's size) stay under 80 MiB.
 */
const options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable as a value here)
  memoryCost: 19_456,
  timeCost: 10,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
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
