import autocannon from 'autocannon';
import { cpuMsPerCall, cpuTicks } from './cpu.ts';
import { mib, procStatusKb, resetPeak, sampleRss } from './memory.ts';
import { percentiles } from './percentiles.ts';
import { startProbe, type ProbeFigures } from './upload.ts';

/** One request shape of a scenario; `next` is called before every request (rotating ids, keys). */
export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  next?: () => { path?: string; headers?: Record<string, string>; body?: string };
  /** Seconds autocannon waits for one answer before counting a timeout (its default: 10). */
  timeoutSeconds?: number;
  /** Calls watched while the load runs (health check, a signed-in list), with their latencies. */
  probe?: Record<string, { path: string; headers?: Record<string, string> }>;
};

/** Throughput and latency of one run; latencies in ms, exact percentiles of every response. */
export type Figures = {
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx answers, connection errors and timeouts together. */
  errors: number;
  /** How many answers of each HTTP status (a 503 of a full queue is an answer, not a crash). */
  statusCodes?: Record<string, number>;
  /** Latencies of the calls watched during the run (LoadRequest.probe). */
  probe?: Record<string, ProbeFigures>;
  /** The server's peak resident set (VmHWM), MiB: of this run where the peak can be reset. */
  peakRssMiB: number | null;
  /** The largest resident set read every 100 ms during the run, MiB. */
  sampledRssMiB: number | null;
  /** The server's CPU time (user + system) during the run over the requests answered, ms. */
  cpuMsPerCall: number | null;
};

/** Sends the scenario's request once, as the next run would, and answers the response. */
export async function sendOnce(origin: string, request: LoadRequest): Promise<Response> {
  const change = request.next?.() ?? {};
  const body = change.body ?? request.body;
  return fetch(`${origin}${change.path ?? request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...change.headers },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    signal: AbortSignal.timeout(120_000),
  });
}

/**
 * Requests still in flight when autocannon stops are still being served. The server takes work in
 * the order it comes (event loop, thread pool), so once one more request of the same kind is
 * answered the backlog is gone and the next run measures only its own requests.
 */
async function drain(origin: string, request: LoadRequest) {
  try {
    await (await sendOnce(origin, request)).arrayBuffer();
  } catch {
    // the next run reports the server's state itself
  }
}

/**
 * Loads `origin` with autocannon for `seconds` over `connections` kept-alive connections. Each
 * response's time is recorded through autocannon's 'response' event, so p95 is exact rather than
 * bracketed by its histogram. With `pid`, the server's memory is watched during the run and its CPU
 * time read before and after it.
 */
export async function measure(options: {
  origin: string;
  request: LoadRequest;
  connections: number;
  seconds: number;
  pid?: number | undefined;
}): Promise<Figures> {
  const { origin, request, connections, seconds, pid } = options;
  const times: number[] = [];
  if (pid !== undefined) resetPeak(pid);
  const sampler = pid !== undefined ? sampleRss(pid) : undefined;
  const probe = request.probe ? startProbe(origin, request.probe) : undefined;
  const ticksBefore = pid !== undefined ? cpuTicks(pid) : undefined;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        ...(request.timeoutSeconds && { timeout: request.timeoutSeconds }),
        requests: [
          {
            method: request.method,
            path: request.path,
            body: request.body,
            headers: request.headers,
            // Only when there is one: autocannon calls whatever the key holds.
            ...(request.next && {
              setupRequest: (current: autocannon.Request) => {
                const change = request.next!();
                return {
                  ...current,
                  path: change.path ?? current.path,
                  headers: { ...current.headers, ...change.headers },
                  body: change.body ?? current.body,
                };
              },
            }),
          },
        ],
      },
      (error, value) => (error ? reject(error as Error) : resolve(value)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const elapsed = (performance.now() - started) / 1000;
  const ticksAfter = pid !== undefined ? cpuTicks(pid) : undefined;
  await drain(origin, request);
  const probed = await probe?.stop();
  const sampledKb = sampler?.stop();
  return {
    connections,
    seconds,
    requests: times.length,
    reqPerSec: Math.round(times.length / elapsed),
    ...percentiles(times),
    errors: result.non2xx + result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [
        status,
        stat.count ?? 0,
      ]),
    ),
    ...(probed && { probe: probed }),
    peakRssMiB: pid !== undefined ? mib(procStatusKb(pid, 'VmHWM')) : null,
    sampledRssMiB: mib(sampledKb),
    cpuMsPerCall: cpuMsPerCall(ticksBefore, ticksAfter, times.length),
  };
}
