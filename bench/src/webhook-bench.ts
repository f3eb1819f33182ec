import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type Figures, type LoadRequest } from './load.ts';
import { percentiles, type Percentiles } from './percentiles.ts';
import { adminUrl, scratchDatabase } from './scratch-database.ts';
import { scenarioRequest } from './scenarios.ts';
import { startServer } from './server-process.ts';
import { DEMO_SIGN_IN } from './sign-in.ts';

/**
 * A till's issues through its API key at 10 connections, without a webhook and then with one
 * subscribed to every form event, and the deliveries' lag: from the change (the event's
 * `timestamp`, written in the issue's transaction) to its arrival at a receiver on loopback.
 * `npm run bench:webhooks -- [--engine pglite|postgres] [--seconds 10] [--connections 10]`.
 */
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '18620' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../results') },
    'database-url': { type: 'string' },
  },
});
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** A receiver that answers 204 at once and notes when each event came. */
async function startReceiver() {
  const lags: number[] = [];
  const ids = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      ids.add(String(request.headers['webhook-id']));
      lags.push(arrived - Date.parse(body.timestamp));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/events`, lags, ids, close: () => server.close() };
}

async function freshDatabase() {
  if (engine !== 'postgres') return null;
  return scratchDatabase(adminUrl(values['database-url']), `tfr_webhook_bench_${process.pid}`);
}

async function call<T>(origin: string, method: string, url: string, token: string, body?: object) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-webhook-bench-'));
const database = await freshDatabase();
const receiver = await startReceiver();
const server = await startServer({
  PORT: values.port,
  DATA_DIR: dataDir,
  DATABASE_URL: database?.url ?? '',
  DEMO_SEED: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  // The key's own limit (300 a minute by default) is not what is measured here.
  API_KEY_RATE_PER_MINUTE: '100000',
});
try {
  const login = await fetch(`${server.url}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: DEMO_SIGN_IN,
  });
  const session = (
    (await login.json()) as {
      data: { token: string; company_id: number; retailerInfo: { retailer_branch_id: number } };
    }
  ).data;
  const companyId = session.company_id;
  const branchId = session.retailerInfo.retailer_branch_id;
  const { key } = await call<{ key: string }>(
    server.url,
    'POST',
    `/api/v2/companies/${companyId}/apiKeys`,
    session.token,
    { name: 'Bench till', branch_id: branchId },
  );
  const request: LoadRequest = scenarioRequest('issue', {
    token: key,
    tenant: { companyId, branchId, accountNo: '100100' },
    username: '',
    password: '',
    forms: [],
    unprintedForms: [],
    printedForms: [],
    surname: '',
  });
  const run = () => measure({ origin: server.url, request, connections, seconds, pid: server.pid });

  // Warmed up first, so that the first measured run is not the one the JIT is still compiling.
  await measure({ origin: server.url, request, connections, seconds: 5 });
  const without = await run();
  await call(server.url, 'POST', `/api/v2/companies/${companyId}/webhooks`, session.token, {
    url: receiver.url,
    events: ['taxform.issued', 'taxform.updated', 'taxform.stage_changed', 'taxform.cancelled'],
  });
  const loadEnded = { at: 0 };
  const withWebhook = await run().finally(() => (loadEnded.at = Date.now()));
  // Every issue answered 200 during the run (and the one after it) queued one delivery.
  const expected = (withWebhook.statusCodes?.['200'] ?? 0) + 1;
  const deadline = Date.now() + 120_000;
  while (receiver.ids.size < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const drainedMs = Date.now() - loadEnded.at;
  const lag: Percentiles = percentiles(receiver.lags);
  const row = (name: string, figures: Figures) => ({
    scenario: name,
    conn: figures.connections,
    'req/s': figures.reqPerSec,
    p50: figures.p50,
    p95: figures.p95,
    p99: figures.p99,
    errors: figures.errors,
    'cpu ms/call': figures.cpuMsPerCall,
  });
  console.log(`\n${engine}: issuing through an API key, ${seconds} s per run (ms)`);
  console.table([row('issue, no webhook', without), row('issue, webhook subscribed', withWebhook)]);
  console.log(
    `deliveries: ${receiver.ids.size} of ${expected}; lag from change to receipt p50 ${lag.p50} ms, ` +
      `p95 ${lag.p95} ms, p99 ${lag.p99} ms, max ${lag.max} ms; the last arrived ${drainedMs} ms after the load ended`,
  );
  fs.mkdirSync(values.out, { recursive: true });
  fs.writeFileSync(
    path.join(values.out, `webhooks-${engine}.json`),
    `${JSON.stringify({ engine, seconds, without, withWebhook, deliveries: receiver.ids.size, expected, lag, drainedMs }, null, 2)}\n`,
  );
} finally {
  await server.stop();
  receiver.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
