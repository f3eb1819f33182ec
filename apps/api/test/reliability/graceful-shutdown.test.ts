import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createRetailerFixture, issuePayload } from '../support/factories.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';

/**
 * SHUTDOWN_GRACE_MS: past it the process gives up on its requests and exits 1. A kept-alive
 * connection the server does not close holds it open longer than that (its keep-alive timeout is
 * 72 s), so the room given here for a busy machine still tells a clean drain from a stuck one.
 */
const GRACE_MS = 30_000;
/** Requests in flight: two issues for every PDF download. */
const IN_FLIGHT = 30;
/** Requests whose clients hang up once the server has them: PDF renders and issues. */
const ABANDONED = 12;

let store: ServerStore;
let abandonedStore: ServerStore | undefined;
let tillStore: ServerStore | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await store?.remove();
  await abandonedStore?.remove();
  await tillStore?.remove();
});

/** How many requests the server has logged as received so far. */
const received = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"')).length;

async function until(condition: () => boolean, withinMs: number, what: string) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Answer = { status: number; body: string; doneAt: number };

/** One request over the given agent, with its complete answer. */
function send(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: options.headers },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body, doneAt: Date.now() }),
        );
        response.on('error', (error) =>
          resolve({ status: 0, body: error.message, doneAt: Date.now() }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: error.message, doneAt: Date.now() }));
    request.end(options.body);
  });
}

type Probe = { at: number; outcome: string; status?: number; body?: string };

/** A request on a new connection: refused, or answered (with its status and body). */
function probeNewConnection(port: number): Promise<Probe> {
  const at = Date.now();
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/healthz',
        agent: false,
        headers: { 'accept-language': 'de' },
        timeout: 5_000,
      },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () =>
          resolve({ at, outcome: 'answered', status: response.statusCode!, body }),
        );
        response.on('error', (error) => resolve({ at, outcome: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ at, outcome: error.code ?? error.message }),
    );
  });
}

/** The HTTP responses in what one raw connection received. */
function parseResponses(raw: string): { status: number; headers: string; body: string }[] {
  const responses: { status: number; headers: string; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.slice(0, end);
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    if (Buffer.byteLength(body) < length) break;
    responses.push({ status: Number(head.slice(9, 12)), headers: head, body });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/** A retailer in `serverStore`, and the server started on it with the test's grace period. */
async function serveRetailer(serverStore: ServerStore) {
  const setup = await serverStore.open();
  const retailer = await createRetailerFixture(setup.database.db);
  await setup.close();
  const running = await startServerProcess({
    store: serverStore,
    env: { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: String(GRACE_MS) },
  });
  server = running;
  return { retailer, running };
}

describe('a server told to stop (SIGTERM) with requests in flight', () => {
  it('finishes every request it had, refuses new ones, exits 0 in time and leaves its data whole', async () => {
    store = await createServerStore();
    const { retailer, running } = await serveRetailer(store);
    const token = await signInOver(running.url, retailer);
    const agent = new http.Agent({ keepAlive: true });
    const base = `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    // Forms to print.
    const printable: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const issued = await send(agent, running.port, 'POST', `${base}/issue`, {
        headers,
        body: JSON.stringify(issuePayload({ taxform: { passport: `GS${i}PRINT` } })),
      });
      expect(issued.status).toBe(200);
      printable.push((JSON.parse(issued.body) as { data: { id: number } }).data.id);
    }

    // Thirty connections open and idle, so that the requests below reach the server at once.
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, () => send(agent, running.port, 'GET', '/healthz')),
    );

    // A connection of its own, on which a request will come after the signal.
    const kept = net.connect(running.port, '127.0.0.1');
    let keptRaw = '';
    kept.on('data', (d: Buffer) => (keptRaw += d.toString()));
    const keptClosed = new Promise<void>((resolve) => kept.on('close', () => resolve()));
    kept.on('error', () => {});
    await new Promise<void>((resolve) => kept.once('connect', () => resolve()));

    // About thirty requests at once: issues and PDF downloads.
    const before = received(running);
    const answers: Promise<Answer & { kind: string }>[] = [];
    for (let i = 0; i < IN_FLIGHT; i += 1) {
      if (i % 3 === 2) {
        const url = `${base}/download/${printable[Math.floor(i / 3) % printable.length]}`;
        answers.push(
          send(agent, running.port, 'GET', url, { headers }).then((answer) => ({
            ...answer,
            kind: 'download',
          })),
        );
      } else {
        const body = JSON.stringify(issuePayload({ taxform: { passport: `GS${i}FLIGHT` } }));
        answers.push(
          send(agent, running.port, 'POST', `${base}/issue`, {
            headers: { ...headers, 'idempotency-key': `graceful-issue-${i}` },
            body,
          }).then((answer) => ({ ...answer, kind: 'issue' })),
        );
      }
    }
    // The kept connection sends an issue whose body is only half there when the signal comes.
    const slowBody = JSON.stringify(issuePayload({ taxform: { passport: 'GSSLOWBODY' } }));
    kept.write(
      `POST ${base}/issue HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Idempotency-Key: graceful-slow-body\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(slowBody)}\r\n\r\n` +
        slowBody.slice(0, 100),
    );
    const all = Promise.all(answers);
    // Every one of them has reached the server: now the signal.
    await until(() => received(running) >= before + IN_FLIGHT + 1, 15_000, 'the requests');
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    const exited = running.exited.then((exit) => ({ ...exit, at: Date.now() }));

    // Once the server has taken the signal: the rest of the slow body followed by a new request
    // on the kept connection, and new connections until the process ends.
    await until(() => running.output().includes('shutting down'), 5_000, 'the shutdown to begin');
    kept.write(slowBody.slice(100));
    kept.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: de\r\n\r\n`);
    const probes: Probe[] = [];
    let ended = false;
    void exited.then(() => (ended = true));
    // closeWithGrace ends the process at the latest when the grace period is over.
    while (!ended && Date.now() - signalledAt < GRACE_MS + 5_000) {
      probes.push(await probeNewConnection(running.port));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const results = await all;
    const exit = await exited;
    await keptClosed;
    server = undefined;

    // The process finished its work and exited 0 before the grace period was over.
    const lastWords = running
      .output()
      .split('\n')
      .filter(
        (line) =>
          !line.includes('"msg":"incoming request"') && !line.includes('"msg":"request completed"'),
      )
      .slice(-10)
      .join('\n');
    expect({ code: exit.code, drained: exit.at - signalledAt < GRACE_MS }, lastWords).toEqual({
      code: 0,
      drained: true,
    });
    // Nothing failed on the way out: no handler outlived the database it was using.
    const failures = running
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(failures).toEqual([]);

    // Every request the server had when the signal came is answered in full.
    const pendingAtSignal = results.filter((r) => r.doneAt >= signalledAt).length;
    expect(pendingAtSignal).toBeGreaterThanOrEqual(5);
    for (const result of results) {
      expect(result.status, `${result.kind}: ${result.body}`).toBe(200);
      const body = JSON.parse(result.body) as { status: string; data: unknown };
      expect(body.status).toBe('success');
      if (result.kind === 'download')
        expect(body.data).toMatch(/^[0-9a-f]{32}-\d+-[0-9a-z]+-[0-9a-f]{32}\.pdf$/);
    }

    // The kept connection: the issue whose body was still coming is answered in full and the
    // connection closed with it, so the request sent after the signal was never taken.
    const keptResponses = parseResponses(keptRaw);
    expect(keptResponses).toHaveLength(1);
    expect(keptResponses[0]!.status).toBe(200);
    expect(keptResponses[0]!.headers).toMatch(/^connection: close$/im);
    expect(JSON.parse(keptResponses[0]!.body)).toMatchObject({ status: 'success' });

    // New connections after the signal are refused (one caught in the listen queue is reset).
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(probe.outcome);

    // The folder was released and opens again, with every acknowledged form in it.
    expect(fs.existsSync(path.join(store.dataDir, 'server.lock'))).toBe(false);
    const check = await store.open();
    try {
      const issued = [...results.filter((r) => r.kind === 'issue'), keptResponses[0]!].map(
        (r) => (JSON.parse(r.body) as { data: { id: number } }).data.id,
      );
      const rows = await queryRows<{ id: string; invoices: number; stages: number }>(
        check.database.db,
        sql`select f.id::text,
                   (select count(*)::int from invoices i where i.tax_form_id = f.id) as invoices,
                   (select count(*)::int from form_stages s where s.tax_form_id = f.id) as stages
              from tax_forms f where f.company_id = ${retailer.companyId} and (f.passport like 'GS%FLIGHT' or f.passport = 'GSSLOWBODY')`,
      );
      expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        [...issued].sort((a, b) => a - b),
      );
      for (const row of rows) expect([row.invoices, row.stages]).toEqual([1, 1]);
      const [printed] = await queryRows<{ files: number }>(
        check.database.db,
        sql`select count(*)::int as files from tax_forms f join stored_files s on s.name = f.pdf_file
              where f.company_id = ${retailer.companyId}`,
      );
      expect(printed!.files).toBe(printable.length);
    } finally {
      await check.close();
    }
  }, 180_000);

  it('finishes the requests whose clients hung up before it closes the database', async () => {
    abandonedStore = await createServerStore();
    const { retailer, running } = await serveRetailer(abandonedStore);
    const token = await signInOver(running.url, retailer);
    const agent = new http.Agent({ keepAlive: true });
    const base = `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const issued = await send(agent, running.port, 'POST', `${base}/issue`, {
      headers,
      body: JSON.stringify(issuePayload({ taxform: { passport: 'GSPRINTME' } })),
    });
    expect(issued.status).toBe(200);
    const printable = (JSON.parse(issued.body) as { data: { id: number } }).data.id;
    agent.destroy();

    // Their connections close at once, so the HTTP server has nothing left to wait for, while
    // their handlers still render PDFs and write forms.
    const before = received(running);
    const requests = Array.from({ length: ABANDONED }, (_, i) => {
      const isIssue = i % 2 === 0;
      const request = http.request({
        host: '127.0.0.1',
        port: running.port,
        method: isIssue ? 'POST' : 'GET',
        path: isIssue ? `${base}/issue` : `${base}/download/${printable}`,
        agent: false,
        headers: isIssue ? { ...headers, 'idempotency-key': `graceful-abandoned-${i}` } : headers,
      });
      request.on('error', () => {});
      request.end(
        isIssue
          ? JSON.stringify(issuePayload({ taxform: { passport: `GS${i}ABANDONED` } }))
          : undefined,
      );
      return request;
    });
    await until(() => received(running) >= before + ABANDONED, 15_000, 'the requests');
    for (const request of requests) request.destroy();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    server = undefined;

    // Nothing failed on the way out: no handler outlived the database it was using.
    const failures = running
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(failures).toEqual([]);
    expect(exit.code).toBe(0);

    // An issue is written whole if its body had come in, else not at all.
    const check = await abandonedStore.open();
    try {
      const rows = await queryRows<{ invoices: number; stages: number }>(
        check.database.db,
        sql`select (select count(*)::int from invoices i where i.tax_form_id = f.id) as invoices,
                   (select count(*)::int from form_stages s where s.tax_form_id = f.id) as stages
              from tax_forms f where f.company_id = ${retailer.companyId} and f.passport like 'GS%ABANDONED'`,
      );
      expect(rows.length).toBeLessThanOrEqual(ABANDONED / 2);
      for (const row of rows) expect([row.invoices, row.stages]).toEqual([1, 1]);
    } finally {
      await check.close();
    }
  }, 120_000);

  it("does not wait for a till's calls whose clients hung up before their body was read", async () => {
    tillStore = await createServerStore();
    const { retailer, running } = await serveRetailer(tillStore);
    const token = await signInOver(running.url, retailer);
    const created = await fetch(`${running.url}/api/v2/companies/${retailer.companyId}/apiKeys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Till', branch_id: retailer.branchId }),
    });
    const { key } = ((await created.json()) as { data: { key: string } }).data;
    const base = `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;

    // Each is cut while the server checks the key's allowance, before it reads the body.
    const before = received(running);
    const requests = Array.from({ length: ABANDONED }, (_, i) => {
      const request = http.request({
        host: '127.0.0.1',
        port: running.port,
        method: 'POST',
        path: `${base}/issue`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'idempotency-key': `graceful-till-${i}`,
        },
      });
      request.on('error', () => {});
      request.end(JSON.stringify(issuePayload({ taxform: { passport: `GS${i}TILL` } })));
      return request;
    });
    await until(() => received(running) >= before + ABANDONED, 15_000, 'the requests');
    for (const request of requests) request.destroy();
    const stopping = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    server = undefined;
    expect(exit.code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(GRACE_MS / 2);
    expect(running.output()).not.toContain('killed by timeout');
  }, 120_000);
});
