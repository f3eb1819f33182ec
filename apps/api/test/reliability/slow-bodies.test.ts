import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { watch } from '../support/upload-bodies.ts';

/** The request timeout the server is started with: short, so that the test waits little. */
const TIMEOUT_MS = 1_500;

let store: ServerStore;
let server: ServerProcess;
let retailer: Retailer;

beforeAll(async () => {
  store = await createServerStore();
  const setup = await store.open();
  retailer = await createRetailerFixture(setup.database.db);
  await setup.close();
  const production = startSettings();
  server = await startServerProcess({
    store,
    env: {
      ...production.env,
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      REQUEST_BODIES_MAX_BYTES: String(1024 * 1024),
      LOG_LEVEL: 'info',
    },
    nodeFlags: production.nodeFlags,
  });
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await store?.remove();
});

/** The resident memory of a running process now (VmRSS), in MiB. */
function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

type Outcome = { statusLine: string; closedAfterMs: number };

/**
 * A client that sends a request's headers, then `body` (and, every `trickleMs`, one more byte
 * while the connection lasts), never the whole declared length; answers the status line it was
 * given and when its connection ended.
 */
function slowRequest(
  port: number,
  options: { path: string; declared: number; body: Buffer; trickleMs?: number; token?: string },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let trickle: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    // A server that never answers is given up on, rather than the test waiting for ever.
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({
        statusLine: received.split('\r\n', 1)[0] ?? '',
        closedAfterMs: performance.now() - started,
      });
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${options.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          (options.token ? `Authorization: Bearer ${options.token}\r\n` : '') +
          `Content-Length: ${options.declared}\r\n\r\n`,
      );
      socket.write(options.body);
      if (options.trickleMs) {
        trickle = setInterval(() => {
          if (!socket.destroyed) socket.write(' ');
        }, options.trickleMs);
      }
    });
  });
}

const signInPath = '/api/v2/authorization';

describe('requests whose bodies arrive slowly or never', () => {
  it('cuts 300 connections trickling a sign-in body with 408 once the request timeout passes, answering everyone else meanwhile', async () => {
    const health = watch(`${server.url}/healthz`);
    const trickled = Array.from({ length: 300 }, () =>
      slowRequest(server.port, {
        path: signInPath,
        declared: 2_000,
        body: Buffer.from('{"accountno":'),
        trickleMs: 200,
      }),
    );
    // A clerk signs in while the trickles go on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await signInOver(server.url, retailer)).toMatch(/^[\w-]{32,}$/);

    const outcomes = await Promise.all(trickled);
    const times = await health.stop();
    expect(new Set(outcomes.map((o) => o.statusLine))).toEqual(
      new Set(['HTTP/1.1 408 Request Timeout']),
    );
    for (const outcome of outcomes) {
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      expect(outcome.closedAfterMs).toBeLessThan(TIMEOUT_MS + 5_000);
    }
    expect(times.failures).toBe(0);
    expect(times.calls).toBeGreaterThan(5);
  }, 60_000);

  it('holds next to nothing for 1,500 unfinished megabyte bodies sent before anyone signs in', async () => {
    const pid = server.child.pid!;
    const before = residentMiB(pid);
    const almostAll = Buffer.alloc(999_000, 'x');
    const { companyId, branchId } = retailer;
    const outcomes = await Promise.all(
      Array.from({ length: 1_500 }, (_, i) =>
        slowRequest(server.port, {
          // Half to sign in, half to a signed-in route with no session.
          path:
            i % 2 === 0
              ? signInPath
              : `/api/v2/companies/${companyId}/retailers/${branchId}/taxforms/issue`,
          declared: 999_990,
          body: almostAll,
        }),
      ),
    );
    expect(server.child.exitCode, server.output()).toBeNull();
    const peak = peakMemoryMiB(pid);
    console.log(
      `1,500 unfinished 1 MB bodies: resident ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB`,
    );
    // Each is refused at once, unread: too large to sign in, or no session. (A client still
    // sending when the server closes may be reset before it reads the answer; on a machine busy
    // enough that its headers were not read within the request timeout, it is refused as late.)
    const answered = (parity: number, status: string) =>
      outcomes.filter((o, i) => i % 2 === parity && o.statusLine === status).length;
    const reset = outcomes.filter((o) => o.statusLine === '').length;
    const late = outcomes.filter((o) => o.statusLine === 'HTTP/1.1 408 Request Timeout').length;
    console.log(
      `answered 413: ${answered(0, 'HTTP/1.1 413 Payload Too Large')}, 401: ${answered(1, 'HTTP/1.1 401 Unauthorized')}, 408: ${late}, reset: ${reset}`,
    );
    expect(
      answered(0, 'HTTP/1.1 413 Payload Too Large') +
        answered(1, 'HTTP/1.1 401 Unauthorized') +
        late +
        reset,
    ).toBe(1_500);
    expect(late).toBeLessThan(150);
    expect(Math.max(...outcomes.map((o) => o.closedAfterMs))).toBeLessThan(TIMEOUT_MS + 5_000);
    expect(peak - before).toBeLessThan(64);
    expect(await signInOver(server.url, retailer)).toMatch(/^[\w-]{32,}$/);
  }, 120_000);

  it('answers 503 with Retry-After once the bodies being received fill their budget, and takes bodies again once they have gone', async () => {
    const token = await signInOver(server.url, retailer);
    const { companyId, branchId } = retailer;
    const issuePath = `/api/v2/companies/${companyId}/retailers/${branchId}/taxforms/issue`;
    // Two signed-in bodies of 600 kB each, unfinished: together past the 1 MiB budget.
    const sockets: net.Socket[] = [];
    const answers = await Promise.all(
      [0, 1].map(
        (i) =>
          new Promise<string>((resolve) => {
            const socket = net.connect(server.port, '127.0.0.1');
            sockets.push(socket);
            let received = '';
            socket.on('error', () => {});
            socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
            socket.on('close', () => resolve(received));
            socket.on('connect', () => {
              socket.write(
                `POST ${issuePath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
                  `Authorization: Bearer ${token}\r\nContent-Length: 900000\r\n\r\n`,
              );
              setTimeout(() => socket.write(Buffer.alloc(600_000, ' ')), i * 200);
            });
          }),
      ),
    );
    const busy = answers.filter((answer) => answer.startsWith('HTTP/1.1 503'));
    expect(busy, answers.map((a) => a.split('\r\n', 1)[0]).join(' | ')).toHaveLength(1);
    expect(busy[0]).toMatch(/^retry-after: \d+/im);
    expect(busy[0]).toContain('"code":"SERVER_BUSY"');
    for (const socket of sockets) socket.destroy();

    // The budget is whole again: a signed-in call with a body is read and answered.
    const answer = await fetch(`${server.url}${issuePath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ taxform: {} }),
    });
    expect(answer.status).toBe(400);
  }, 60_000);

  it('logs a client that leaves half-way through its body as such, not as the database being away', async () => {
    const token = await signInOver(server.url, retailer);
    const { companyId, branchId } = retailer;
    const issuePath = `/api/v2/companies/${companyId}/retailers/${branchId}/taxforms/issue`;
    const logged = server.output().length;
    await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(server.port, '127.0.0.1');
            socket.on('error', () => {});
            socket.on('close', () => resolve());
            socket.on('connect', () => {
              socket.write(
                `POST ${issuePath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
                  `Authorization: Bearer ${token}\r\nContent-Length: 5000\r\n\r\n{"taxform":`,
              );
              setTimeout(() => socket.resetAndDestroy(), 200);
            });
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = server.output().slice(logged);
    expect(lines).not.toContain('database unavailable');
    expect(
      lines.match(/the client closed the connection before its request arrived/g),
    ).toHaveLength(10);
  }, 60_000);
});
