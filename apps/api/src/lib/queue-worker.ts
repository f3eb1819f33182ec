import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A queue in the database that this process works through in the background. */
export type QueueWorker = {
  /** Looks for due work soon, without waiting (after a commit that queued some). */
  kick: () => void;
  /**
   * Does every piece of work due at `now` (default: the clock's now), after the run in progress;
   * answers how many were attempted. Tests await it; `now` in the future makes a retry due.
   */
  runDue: (options?: { now?: Date }) => Promise<number>;
};

/**
 * Runs a database queue's `drain` in this process, one run at a time: right after an answer that
 * may have queued work (`queuedBy`), every `pollEveryMs` for retries and for what other processes
 * queued, and when a test asks. The answer that queued work never waits for it. A close stops the
 * runs (`isStopped` turns true for `drain` to end its loop) and lets the one under way finish for at
 * most half the shutdown grace period; what is left stays queued for the next process.
 */
export function startQueueWorker(
  app: FastifyInstance,
  options: {
    name: string;
    drain: (now: Date | undefined, isStopped: () => boolean) => Promise<number>;
    queuedBy: (request: FastifyRequest, reply: FastifyReply) => boolean;
    pollEveryMs: number;
  },
): QueueWorker {
  let stopped = false;
  let kickWaiting = false;
  let tail: Promise<unknown> = Promise.resolve();
  const isStopped = () => stopped;
  const logFailure = (err: unknown) => app.log.error({ err }, `${options.name}: a run failed`);

  const worker: QueueWorker = {
    kick() {
      if (stopped || kickWaiting) return;
      kickWaiting = true;
      const run = tail.then(() => {
        kickWaiting = false;
        return options.drain(undefined, isStopped);
      });
      tail = run.catch(logFailure);
    },
    runDue(runOptions = {}) {
      const run = tail.then(() => options.drain(runOptions.now, isStopped));
      tail = run.catch(logFailure);
      return run;
    },
  };

  app.addHook('onResponse', (request, reply, next) => {
    if (reply.statusCode < 300 && options.queuedBy(request, reply)) worker.kick();
    next();
  });

  const timer = setInterval(() => worker.kick(), options.pollEveryMs);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      tail,
      new Promise((resolve) => {
        waited = setTimeout(resolve, app.config.SHUTDOWN_GRACE_MS / 2);
      }),
    ]);
    clearTimeout(waited);
  });
  return worker;
}
