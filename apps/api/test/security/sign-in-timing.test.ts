import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/lib/passwords.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';
import { signInCalls } from '../support/sign-in-calls.ts';

/*
 * Whether an account exists must not show in how long the answer takes. A measurement, so it runs
 * with the suites that measure, alone on the machine: beside other servers, the load of the
 * moment moved one side's median by more than half a password check.
 */

let t: TestApp;
let shop: Retailer;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
});
afterAll(() => t.close());

const { signIn, forgot, clearThrottle } = signInCalls(() => t);
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Times a known and an unknown call side by side, in alternating order. */
async function timedPair(
  round: number,
  known: () => Promise<unknown>,
  unknown: () => Promise<unknown>,
) {
  const times = { known: 0, unknown: 0 };
  const steps = [
    async () => (times.known = await timed(known)),
    async () => (times.unknown = await timed(unknown)),
  ];
  if (round % 2) steps.reverse();
  for (const step of steps) await step();
  return times;
}

it('takes as long for an unknown account as for a known one', async () => {
  // What one password check costs here and now: the bound scales with the machine's speed.
  const hash = await hashPassword('reference-password');
  const unknownLogin: number[] = [];
  const loginGaps: number[] = [];
  const forgotGaps: number[] = [];
  const check: number[] = [];
  // Warm up both paths (the dummy hash is made on first use).
  await signIn('987654321', 'nobody-here', 'warm-up');
  await signIn(shop.accountNo, shop.username, 'warm-up');
  for (let round = 0; round < 20; round += 1) {
    await clearThrottle();
    // The e-mail a known account's reset request sends after its answer would slow whatever is
    // measured next: sign-ins start on a quiet server.
    await t.app.resetRequests.onIdle();
    check.push(await timed(() => verifyPassword(hash, 'not-it')));
    const logins = await timedPair(
      round,
      () => signIn(shop.accountNo, shop.username, `wrong-${round}`),
      () => signIn('987654321', `nobody-${round}`, `wrong-${round}`),
    );
    unknownLogin.push(logins.unknown);
    loginGaps.push(logins.known - logins.unknown);
    const resets = await timedPair(
      round,
      () => forgot(shop.accountNo, shop.email),
      () => forgot(shop.accountNo, `nobody${round}@shop.example`),
    );
    forgotGaps.push(resets.known - resets.unknown);
  }
  await clearThrottle();
  const oneCheck = median(check);
  // Each round compares two calls made one after the other, so a drift in the machine's load
  // between rounds cancels out. A path that skipped the password check would differ by a whole
  // check in every round, twice the bound.
  const bound = oneCheck / 2;
  // Measured on a quiet server, one check takes about 20 ms on a fast machine: the floor only
  // proves it is a real check, and that an unknown account's sign-in makes one.
  expect(oneCheck).toBeGreaterThan(10);
  expect(median(unknownLogin)).toBeGreaterThan(oneCheck * 0.8);
  expect(Math.abs(median(loginGaps))).toBeLessThan(bound);
  expect(Math.abs(median(forgotGaps))).toBeLessThan(bound);
}, 180_000);
