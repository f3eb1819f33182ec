import { createRequire } from 'node:module';
import type Koffi from 'koffi';

type Trim = () => void;

/** Whether the C library is glibc: the only one whose allocator `malloc_trim` belongs to. */
function isGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return typeof report?.header?.glibcVersionRuntime === 'string';
}

/**
 * A function handing glibc's free pages back to the system, or null where there is no glibc.
 *
 * glibc returns freed memory only from the top of its heaps. Memory freed in the middle stays in
 * the process: the embedded database's compiled code leaves about 60 MB that way at start-up, and
 * each picture, PDF or password hash leaves more behind in the arena of the thread that did it.
 * `malloc_trim(0)` gives back every whole free page, wherever it lies. It is called through koffi
 * (a foreign-function library with prebuilt binaries), so nothing is compiled at install.
 */
export function memoryTrimmer(): Trim | null {
  const mallocTrim = loadMallocTrim();
  return mallocTrim ? () => void mallocTrim(0) : null;
}

type MallocTrim = ((pad: number) => number) & {
  async: (pad: number, callback: (error: unknown, result: number) => void) => void;
};

let loaded: MallocTrim | null | undefined;

function loadMallocTrim(): MallocTrim | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (!isGlibc()) return loaded;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    loaded = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as MallocTrim;
  } catch {
    // No glibc to ask: the memory stays with the process, as it would anyway.
  }
  return loaded;
}

let trimming = false;

/**
 * Gives free memory back at once, on a thread of koffi's, not the event loop's: called after a
 * heavy job (a picture), whose buffers would otherwise wait for the next periodic trim while the
 * next job allocates its own beside them. One trim at a time; a call during one is dropped.
 */
export function trimMemorySoon(): void {
  const mallocTrim = loadMallocTrim();
  if (!mallocTrim || trimming) return;
  trimming = true;
  mallocTrim.async(0, () => {
    trimming = false;
  });
}

type Collect = (options: { type: 'minor' }) => void;

/**
 * After many megabytes streamed through the event loop (a picture received), frees their dead
 * pieces and gives their pages back. Each piece is a buffer allocated outside V8's heap, which V8
 * frees only at a collection; the pieces are small beside the JavaScript that handles them, so
 * without one V8 waits until about 64 MB of them have piled up. A young-generation collection
 * (a millisecond or so) frees them. It takes the process started with `--expose-gc`, as
 * `npm start` does; without it, only the trim.
 */
export function releaseStreamedBuffers(): void {
  (globalThis as { gc?: Collect }).gc?.({ type: 'minor' });
  trimMemorySoon();
}

/**
 * Gives free memory back now and every `everyMs` after, without keeping the process alive;
 * answers the function that stops it. Each trim takes a few milliseconds.
 */
export function trimMemoryEvery(everyMs: number): () => void {
  const trim = memoryTrimmer();
  if (!trim) return () => {};
  trim();
  const timer = setInterval(trim, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
