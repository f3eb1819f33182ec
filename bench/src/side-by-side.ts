import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMsPerCall, cpuTicks } from './cpu.ts';
import { measure, type LoadRequest } from './load.ts';
import { issueBody } from './scenarios.ts';
import { adminUrl, scratchDatabase } from './scratch-database.ts';
import {
  SERVER_START,
  startMinimalServer,
  startNodeServer,
  type RunningServer,
} from './server-process.ts';
import { DEMO_SIGN_IN } from './sign-in.ts';

/**
 * Two builds of the server and the minimal one, on one PostgreSQL database with the demo data,
 * loaded in turn (the order swapped every round) with the list and the barcode search: a change
 * too small for two whole `npm run bench` runs minutes apart, whose minimal server alone moves
 * by a fifth, shows here. Prints each one's median requests a second and CPU µs a call, and its
 * share of the minimal server's requests.
 * `npm run bench:side-by-side -- --before <server.js> [--after dist/server.js] [--rounds 7]
 * [--seconds 4] [--connections 10]`; the paths are apps/api's.
 */
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'dist/server.js' },
    rounds: { type: 'string', default: '7' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    forms: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
  },
});
if (!values.before) throw new Error('--before <a built server.js, from apps/api> is required');
const apiDir = path.resolve(import.meta.dirname, '../../apps/api');
const database = await scratchDatabase(
  adminUrl(values['database-url']),
  `tfr_side_by_side_${process.pid}`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-side-by-side-'));

type Contender = { label: string; server: RunningServer; request: Record<Scenario, LoadRequest> };
type Scenario = 'list' | 'barcode';

/** Starts the build at `file` (relative to apps/api) as `npm start` would, on the shared data. */
function startBuild(file: string, port: number) {
  return startNodeServer({
    args: SERVER_START.args.map((arg) => (arg === 'dist/server.js' ? file : arg)),
    cwd: apiDir,
    port: String(port),
    env: {
      ...SERVER_START.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
    },
  });
}

/** Signs the demo manager in and issues `count` forms; answers what the requests need. */
async function prepare(origin: string, count: number) {
  const login = await fetch(`${origin}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: DEMO_SIGN_IN,
  });
  const { data } = (await login.json()) as {
    data: { token: string; company_id: number; retailerInfo: { retailer_branch_id: number } };
  };
  const tenant = { companyId: data.company_id, branchId: data.retailerInfo.retailer_branch_id };
  const forms = `/api/v2/companies/${tenant.companyId}/retailers/${tenant.branchId}/taxforms`;
  const headers = { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
  const barcodes: string[] = [];
  for (let i = 0; i < count; i++) {
    const passport = `B${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    const issued = await fetch(`${origin}${forms}/issue`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': passport },
      body: issueBody(passport),
    });
    if (!issued.ok) throw new Error(`issue: ${issued.status} ${await issued.text()}`);
    barcodes.push(((await issued.json()) as { data: { barcode: string } }).data.barcode);
  }
  return { tenant, forms, headers, barcodes };
}

const started: RunningServer[] = [];
try {
  const before = await startBuild(values.before, 18631);
  started.push(before);
  const after = await startBuild(values.after, 18632);
  started.push(after);
  const { tenant, forms, headers, barcodes } = await prepare(before.url, Number(values.forms));
  const minimal = await startMinimalServer('18633', {
    DATABASE_URL: database.url,
    COMPANY_ID: String(tenant.companyId),
    BRANCH_ID: String(tenant.branchId),
  });
  started.push(minimal);
  let next = 0;
  const barcode = () => barcodes[next++ % barcodes.length]!;
  const product = {
    list: { method: 'GET', path: `${forms}?perPage=5&page=1&search=`, headers },
    barcode: {
      method: 'GET',
      path: forms,
      headers,
      next: () => ({ path: `${forms}?perPage=5&page=1&search=${barcode()}` }),
    },
  } satisfies Record<Scenario, LoadRequest>;
  const contenders: Contender[] = [
    { label: `before (${values.before})`, server: before, request: product },
    { label: `after (${values.after})`, server: after, request: product },
    {
      label: 'minimal',
      server: minimal,
      request: {
        list: { method: 'GET', path: '/list' },
        barcode: {
          method: 'GET',
          path: '/barcode',
          next: () => ({ path: `/barcode?code=${barcode()}` }),
        },
      },
    },
  ];
  const runs = new Map<string, { rps: number[]; cpuUs: number[] }>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const scenario of ['list', 'barcode'] as const) {
      for (const contender of round % 2 ? [...contenders].reverse() : contenders) {
        const { pid } = contender.server;
        const ticks = cpuTicks(pid);
        const figures = await measure({
          origin: contender.server.url,
          request: contender.request[scenario],
          connections: Number(values.connections),
          seconds: Number(values.seconds),
        });
        const key = `${scenario}\t${contender.label}`;
        const run = runs.get(key) ?? { rps: [], cpuUs: [] };
        run.rps.push(figures.reqPerSec);
        run.cpuUs.push((cpuMsPerCall(ticks, cpuTicks(pid), figures.requests) ?? NaN) * 1000);
        runs.set(key, run);
      }
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  for (const scenario of ['list', 'barcode']) {
    const floor = median(runs.get(`${scenario}\tminimal`)!.rps);
    for (const contender of contenders) {
      const run = runs.get(`${scenario}\t${contender.label}`)!;
      const share = Math.round((100 * median(run.rps)) / floor);
      console.log(
        `${scenario}\t${contender.label}\t${median(run.rps)} req/s (${run.rps.join(' ')})\t` +
          `${Math.round(median(run.cpuUs))} CPU µs a call\t${share} % of minimal`,
      );
    }
  }
} finally {
  for (const server of started) await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
