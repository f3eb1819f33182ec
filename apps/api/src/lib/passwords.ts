import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with 19 MiB and 2 passes (OWASP's minimum is 19 MiB, t=2), tuned so one check
 * takes tens of milliseconds on a two-core server: slow for a guesser, quick at the counter.
 */
const options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable as a value here)
  memoryCost: 19_456,
  timeCost: 2,
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
