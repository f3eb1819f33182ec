import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { memoryTrimmer, releaseStreamedBuffers, trimMemoryEvery } from './memory-trim.ts';

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

  it('frees the dead pieces of a stream after each picture in a process started as npm start does', () => {
    // 100 MB in pieces of 64 KiB that nothing refers to once made, as received pictures leave
    // them; the most held at any moment, left to V8 and released after each 5 MB. V8 frees the
    // pieces' memory on a thread of its own, which a busy machine can hold back for a moment:
    // the released figure is the best of three rounds (a late thread only ever raises it).
    const script = `
import { releaseStreamedBuffers } from ${JSON.stringify(new URL('./memory-trim.ts', import.meta.url).href)};
const buffers = () => process.memoryUsage().arrayBuffers / 1048576;
const mostHeld = (release) => {
  let most = 0;
  for (let i = 0; i < 1600; i += 1) {
    Buffer.allocUnsafeSlow(64 * 1024).fill(i);
    if (release && i % 80 === 79) releaseStreamedBuffers();
    most = Math.max(most, buffers());
  }
  return Math.round(most);
};
console.log(JSON.stringify({
  left: mostHeld(false),
  released: Math.min(mostHeld(true), mostHeld(true), mostHeld(true)),
}));
`;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    const { left, released } = JSON.parse(output) as { left: number; released: number };
    expect(left).toBeGreaterThan(20);
    expect(released).toBeLessThan(12);
  });

  it('only trims where the collector is not exposed', () => {
    expect(() => releaseStreamedBuffers()).not.toThrow();
  });

  it('trims now, then every so often, without keeping the process alive', () => {
    expect(memoryTrimmer()).toBeTypeOf('function');
    const stop = trimMemoryEvery(60_000);
    stop();
  });
});
