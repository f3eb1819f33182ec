import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { WorkLimiter } from './work-limiter.ts';

/** A job that runs until `finish` is called. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the work limiter', () => {
  it('runs at most its concurrency at once and starts the waiting ones in order', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, maxQueued: 5, maxWaitMs: 5_000 });
    const jobs = Array.from({ length: 4 }, () => heldJob());
    const started: number[] = [];
    const runs = jobs.map((held, index) =>
      limiter.run(() => {
        started.push(index);
        return held.job();
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect({ running: limiter.running, waiting: limiter.waiting }).toEqual({
      running: 2,
      waiting: 2,
    });
    jobs[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.finish();
    jobs[2]!.finish();
    jobs[3]!.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3]);
    expect({ running: limiter.running, waiting: limiter.waiting }).toEqual({
      running: 0,
      waiting: 0,
    });
  });

  it('refuses at once with SERVER_BUSY and Retry-After when the queue is full', async () => {
    const limiter = new WorkLimiter({
      concurrency: 1,
      maxQueued: 1,
      maxWaitMs: 5_000,
      retryAfterSeconds: 7,
    });
    const held = heldJob();
    const running = limiter.run(held.job);
    const waiting = limiter.run(async () => 'second');
    const refused = limiter.run(async () => 'third');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'SERVER_BUSY',
      statusCode: 503,
      options: { headers: { 'Retry-After': '7' } },
    });
    held.finish();
    await running;
    await expect(waiting).resolves.toBe('second');
  });

  it('refuses a job that waited longer than allowed, and runs the next one after it', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueued: 5, maxWaitMs: 30 });
    const held = heldJob();
    const running = limiter.run(held.job);
    const late = limiter.run(async () => 'late');
    await expect(late).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    expect(limiter.waiting).toBe(0);
    held.finish();
    await running;
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('gives the turn back when a job fails', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueued: 1, maxWaitMs: 1_000 });
    await expect(limiter.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(limiter.running).toBe(0);
    await expect(limiter.run(async () => 1)).resolves.toBe(1);
  });
});
