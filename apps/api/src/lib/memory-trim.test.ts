import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { memoryTrimmer, trimMemoryEvery } from './memory-trim.ts';

/**
 * A process that fills 160 MB of 64 KiB pieces from the C heap, keeps one in twenty (so the free
 * ones lie between kept ones, where glibc never returns them by itself), frees the rest, then
 * trims: answers its resident megabytes before and after the trim.
 */
const fragmentedHeap = (trim: string) => `
import { memoryTrimmer, trimMemorySoon } from ${JSON.stringify(new URL('./memory-trim.ts', import.meta.url).href)};
const rss = () => Math.round(process.memoryUsage.rss() / 1048576);
let pieces = Array.from({ length: 2560 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(7));
const kept = pieces.filter((_, index) => index % 20 === 0);
pieces = null;
for (let i = 0; i < 3; i += 1) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); }
const held = rss();
${trim}
console.log(JSON.stringify({ held, trimmed: rss(), kept: kept.length }));
`;

describe('memory trimming', () => {
  it.each([
    ['at once', 'memoryTrimmer()();'],
    // Off the event loop: the answer comes on a later turn, which the loop below waits for.
    [
      'soon, on a thread of its own',
      'trimMemorySoon(); for (let i = 0; i < 50 && rss() > held - 100; i += 1) await new Promise((r) => setTimeout(r, 20));',
    ],
  ])('gives the C heap’s free pages back to the system, wherever they lie (%s)', (_, trim) => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', fragmentedHeap(trim)],
      { env: { ...process.env, MALLOC_ARENA_MAX: '2' }, encoding: 'utf8' },
    );
    const { held, trimmed } = JSON.parse(output) as { held: number; trimmed: number };
    // 152 MB were freed between kept pieces: glibc held them until the trim.
    expect(held - trimmed).toBeGreaterThan(100);
  });

  it('trims now, then every so often, without keeping the process alive', () => {
    expect(memoryTrimmer()).toBeTypeOf('function');
    const stop = trimMemoryEvery(60_000);
    stop();
  });
});
