import { noisePng, uploadOf } from '../../apps/api/test/support/upload-bodies.ts';
import { percentiles } from './percentiles.ts';

/** Pictures in one upload request, the most the core service takes. */
export const PICTURES_PER_UPLOAD = 10;

/**
 * The multipart body the shop screens send, with `image0` … `image9` of random noise (4.8 MB each,
 * just under the 5 MB limit): the worst a camera picture within the limits can be for decoding,
 * re-encoding and storing. The same body the server's own load tests send.
 */
export async function uploadBody(): Promise<{ body: Buffer; contentType: string }> {
  const pictures: Buffer[] = [];
  for (let index = 0; index < PICTURES_PER_UPLOAD; index += 1) pictures.push(await noisePng());
  const { payload, headers } = uploadOf(pictures);
  return { body: payload, contentType: headers['content-type']! };
}

/** Latency of a call made again and again while a load runs, in ms. */
export type ProbeFigures = {
  calls: number;
  /** Calls answered other than 200, or not within the probe's timeout. */
  failures: number;
  p50: number;
  p99: number;
  max: number;
};

/**
 * Calls each of `paths` every `everyMs` (one call of each at a time, as a monitor would) until
 * stopped, and answers each path's latencies: what any other shop sees while the load runs.
 */
export function startProbe(
  origin: string,
  paths: Record<string, { path: string; headers?: Record<string, string> }>,
  everyMs = 100,
): { stop: () => Promise<Record<string, ProbeFigures>> } {
  let running = true;
  const loops = Object.entries(paths).map(async ([name, { path, headers }]) => {
    const times: number[] = [];
    let failures = 0;
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}${path}`, {
          headers,
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      const elapsed = performance.now() - started;
      times.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - elapsed)));
    }
    const { p50, p99, max } = percentiles(times);
    return [name, { calls: times.length, failures, p50, p99, max }] as const;
  });
  return {
    stop: async () => {
      running = false;
      return Object.fromEntries(await Promise.all(loops));
    },
  };
}
