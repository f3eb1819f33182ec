import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { storedImagePath } from '@taxfree/domain';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';
import {
  createServerStore,
  peakMemoryMiB,
  signInOver,
  startSettings,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';
import { hugeFlatPng, noisePng, uploadOf, watch } from '../support/upload-bodies.ts';

/**
 * `npm start`'s flags with half the heap it allows: a server that stays up under this cap has the
 * other half to spare in production.
 */
function withHalfTheHeapCap(flags: string[]): string[] {
  const cap = flags.find((f) => f.startsWith('--max-old-space-size='));
  if (!cap) throw new Error('npm start sets no heap cap');
  const half = `--max-old-space-size=${Number(cap.split('=')[1]) / 2}`;
  return flags.map((flag) => (flag === cap ? half : flag));
}

/** The resident memory the server may reach while it works, pictures and database included. */
const MEMORY_CAP_MIB = 512;
/** Clients, each a shop of its own, and the uploads each sends one after the other. */
const NOISE_CLIENTS = 3;
const UPLOADS_PER_CLIENT = 2;

let store: ServerStore;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await store?.remove();
});

type Answer = { status: number; body: string; retailer: Retailer };

async function uploadOver(url: string, token: string, body: ReturnType<typeof uploadOf>) {
  const response = await fetch(`${url}/core-service/fileupload/temp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: new Uint8Array(body.payload),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: await response.text() };
}

describe('a server taking uploads at the documented limits from several shops at once', () => {
  it('keeps answering the health check and a signed-in list within 1 s, stays up under half its heap cap and stores every picture whole', async () => {
    store = await createServerStore();
    const setup = await store.open();
    const shops: Retailer[] = [];
    for (let i = 0; i < NOISE_CLIENTS + 1; i += 1)
      shops.push(await createRetailerFixture(setup.database.db));
    await setup.close();

    const production = startSettings();
    server = await startServerProcess({
      store,
      env: production.env,
      nodeFlags: withHalfTheHeapCap(production.nodeFlags),
    });
    const running = server;
    const tokens = await Promise.all(shops.map((shop) => signInOver(running.url, shop)));

    // Ten pictures of 4.8 MB each (the most one request may carry), and ten of 49 megapixels.
    const noise = uploadOf(await Promise.all(Array.from({ length: 10 }, () => noisePng())));
    const huge = uploadOf(Array(10).fill(await hugeFlatPng()) as Buffer[]);
    expect(noise.payload.length).toBeGreaterThan(48 * 1000 * 1000);

    const first = shops[0]!;
    const health = watch(`${running.url}/healthz`);
    const list = watch(
      `${running.url}/api/v2/companies/${first.companyId}/retailers/${first.branchId}/taxforms?perPage=5&page=1`,
      { authorization: `Bearer ${tokens[0]!}` },
    );
    const answers: Answer[] = [];
    await Promise.all(
      shops.map(async (retailer, index) => {
        const body = index < NOISE_CLIENTS ? noise : huge;
        for (let n = 0; n < UPLOADS_PER_CLIENT; n += 1) {
          answers.push({ ...(await uploadOver(running.url, tokens[index]!, body)), retailer });
        }
      }),
    );
    const [healthTimes, listTimes] = [await health.stop(), await list.stop()];

    expect(running.child.exitCode, running.output()).toBeNull();
    expect(running.child.signalCode).toBeNull();
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    expect(healthTimes.failures).toBe(0);
    expect(listTimes.failures).toBe(0);
    expect(healthTimes.calls).toBeGreaterThan(10);
    expect(healthTimes.p99, JSON.stringify(healthTimes)).toBeLessThan(1_000);
    expect(listTimes.p99, JSON.stringify(listTimes)).toBeLessThan(1_000);
    expect(peakMemoryMiB(running.child.pid!)).toBeLessThan(MEMORY_CAP_MIB);

    // Every picture answered is stored whole: its bytes hash to its ETag and decode to its size.
    for (const [index, answer] of answers.entries()) {
      const names = Object.values(
        (JSON.parse(answer.body) as { data: Record<string, string> }).data,
      );
      expect(names).toHaveLength(10);
      const { accountNo, companyId } = answer.retailer;
      for (const name of names) {
        const served = await fetch(`${running.url}${storedImagePath(accountNo, companyId, name)}`);
        expect(served.status).toBe(200);
        const bytes = Buffer.from(await served.arrayBuffer());
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        expect(served.headers.get('etag')).toBe(`"${sha256}"`);
        const { width, height } = await sharp(bytes).metadata();
        const side = shops.indexOf(answer.retailer) < NOISE_CLIENTS ? 1270 : 2048;
        expect({ width, height }, `answer ${index}`).toEqual({ width: side, height: side });
      }
    }
  }, 300_000);
});
