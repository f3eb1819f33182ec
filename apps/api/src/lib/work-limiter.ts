import os from 'node:os';
import { AppError } from './app-error.ts';

export type WorkLimiterOptions = {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a turn; one more is refused at once. */
  maxQueued: number;
  /** How long a job may wait for its turn before it is refused. */
  maxWaitMs: number;
  /** What the refusal's Retry-After says, in seconds. */
  retryAfterSeconds?: number;
};

type Waiting = { start: () => void; timer: NodeJS.Timeout };

/** The machine's cores: heavy work (pictures, PDFs, password hashes) runs at most this wide. */
export const CORES = os.availableParallelism();

/**
 * A ceiling on heavy work: at most `concurrency` jobs run, the next ones wait their turn in order,
 * and past `maxQueued` waiting or `maxWaitMs` of waiting the caller is answered 503 `SERVER_BUSY`
 * with `Retry-After`. A waiting job holds no memory of its own (its input is on disk or in the
 * request), so the server's memory is bounded by the running ones, and nothing else waits on them.
 */
export class WorkLimiter {
  #running = 0;
  readonly #waiting: Waiting[] = [];

  constructor(readonly options: WorkLimiterOptions) {}

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `job` when its turn comes; throws `SERVER_BUSY` when it cannot have one. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await job();
    } finally {
      this.#release();
    }
  }

  #busy(): AppError {
    const seconds = this.options.retryAfterSeconds ?? 5;
    return new AppError('SERVER_BUSY', { headers: { 'Retry-After': String(seconds) } });
  }

  #acquire(): Promise<void> {
    if (this.#running < this.options.concurrency) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.options.maxQueued) return Promise.reject(this.#busy());
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          clearTimeout(entry.timer);
          this.#running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.#waiting.indexOf(entry);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(this.#busy());
        }, this.options.maxWaitMs),
      };
      this.#waiting.push(entry);
    });
  }

  #release(): void {
    this.#running -= 1;
    this.#waiting.shift()?.start();
  }
}
