import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { multipart, type Part } from './images.ts';

/**
 * A PNG of random noise, 1270 × 1270: it does not compress, so the file is as large as its pixels
 * (4.8 MB), just under the 5 MB limit: the most an upload within the limits can carry.
 */
export function noisePng(side = 1270): Promise<Buffer> {
  return sharp(crypto.randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A flat PNG of 7000 × 7000 (49 megapixels, under the 50 allowed): small file, many pixels. */
export function hugeFlatPng(): Promise<Buffer> {
  return sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
}

/** The multipart body of an upload of `pictures` as `image0`, `image1`, … */
export function uploadOf(pictures: Buffer[]): { payload: Buffer; headers: Record<string, string> } {
  const parts: Part[] = pictures.map((content, index) => ({
    name: `image${index}`,
    filename: `picture-${index}.png`,
    content,
    contentType: 'image/png',
  }));
  parts.push({ name: 'filerename', value: 'true' });
  return multipart(parts);
}

export type Latencies = { calls: number; failures: number; p99: number; max: number };

/**
 * Calls `url` every `everyMs` until stopped, whether or not the previous call has answered (as a
 * load balancer's health check does), so that a server frozen for a few seconds shows as every call
 * sent meanwhile waiting, not as one slow call. Answers the latencies; a call not answered 200
 * within 10 s counts as a failure.
 */
export function watch(
  url: string,
  headers: Record<string, string> = {},
  everyMs = 100,
): { stop: () => Promise<Latencies> } {
  const times: number[] = [];
  const pending = new Set<Promise<void>>();
  let failures = 0;
  const probe = async () => {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    times.push(performance.now() - started);
  };
  const timer = setInterval(() => {
    const call = probe().finally(() => pending.delete(call));
    pending.add(call);
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      const sorted = [...times].sort((a, b) => a - b);
      const p99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
      return { calls: times.length, failures, p99, max: sorted.at(-1) ?? 0 };
    },
  };
}
