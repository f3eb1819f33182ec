import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../../apps/api/src/db/client.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import type { BenchOptions, Engine } from './args.ts';
import { generateForms } from './generate-forms.ts';
import { generatePromotions } from './generate-promotions.ts';
import { measure, sendOnce, type Figures } from './load.ts';
import { resetPeak } from './memory.ts';
import {
  openPgCeiling,
  PG_CEILING_SCENARIOS,
  type CeilingRow,
  type CeilingScenario,
} from './pg-ceiling.ts';
import {
  SCENARIOS,
  SURNAME_FRAGMENT,
  UPLOAD_MAX_CONNECTIONS,
  scenarioRequest,
  type ScenarioKey,
} from './scenarios.ts';
import { uploadBody } from './upload.ts';
import { measureBigForm } from './big-form.ts';
import { startBareFastify, startServer } from './server-process.ts';

export type ScenarioRow = { engine: Engine; scenario: ScenarioKey } & Figures & {
    /** Our req/s as a share of the same statements sent straight through pg (list and searches). */
    ofPgCeiling: number | null;
    /** Our req/s as a share of a bare Fastify answering a constant. */
    ofFastifyCeiling: number | null;
  };

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const share = (ours: number, ceiling: number | undefined) =>
  ceiling ? Math.round((ours / ceiling) * 1000) / 1000 : null;

/** Makes an empty benchmark database on the PostgreSQL server and answers its URL. */
async function freshPostgres(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists tfr_bench with (force)');
  await admin.query('create database tfr_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/tfr_bench';
  return url.toString();
}

/**
 * Every load scenario on one engine: generates the data set, starts the real server, runs each
 * scenario at each connection count, then the ceilings, and writes `forms-<engine>.json`.
 */
export async function runEngine(engine: Engine, options: BenchOptions): Promise<ScenarioRow[]> {
  const { companies, formsPerCompany } = options.size[engine];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tfr-bench-${engine}-`));
  const env: Record<string, string> = {
    DEMO_SEED: 'false',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // One company sends every upload: its quota and rate (429 after four such uploads) are lifted
    // so that the run measures the server's own ceiling (its queues and 503s), not the company's.
    UPLOAD_TEMP_QUOTA_BYTES: String(1024 ** 4),
    UPLOAD_RATE_PER_MINUTE: '100000',
  };
  if (engine === 'postgres') {
    env.DATABASE_URL = await freshPostgres(options.adminUrl);
    env.DB_POOL_SIZE = '20';
  }

  log(`${engine}: generating ${companies * formsPerCompany} forms over ${companies} companies`);
  const generationStarted = Date.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir });
  await prepareDatabase(database, { demoSeed: false });
  const tenants = await generateForms(database.db, { companies, formsPerCompany, log });
  const promotions = await generatePromotions(database.db, tenants, options.promotionsPerBranch);
  const generationSeconds = (Date.now() - generationStarted) / 1000;
  log(`${engine}: generated in ${generationSeconds.toFixed(0)} s (and ${promotions} promotions)`);
  const tenant = tenants[Math.floor(tenants.length / 2)]!;
  const forms = await queryRows<{ id: number; barcode: string }>(
    database.db,
    sql`select id::int as id, barcode from tax_forms
      where company_id = ${tenant.companyId} and branch_id = ${tenant.branchId}
      order by hashint8(id) limit 500`,
  );
  // The first-print scenario takes each of these once: more than its runs can print.
  const unprintedForms = await queryRows<{ id: number }>(
    database.db,
    sql`select id::int as id from tax_forms
      where company_id = ${tenant.companyId} and branch_id = ${tenant.branchId}
      order by hashint8(id) offset 500 limit 4000`,
  );
  await database.close();

  const server = await startServer(env);
  const peakPerRun = resetPeak(server.pid);
  const credentials = { username: 'bench', password: 'bench-password' };
  const login = await fetch(`${server.url}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountno: tenant.accountNo, ...credentials }),
  });
  if (!login.ok) throw new Error(`the benchmark user cannot sign in: ${login.status}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const context = {
    token,
    tenant,
    ...credentials,
    forms,
    unprintedForms,
    printedForms: forms.slice(0, 20),
    surname: SURNAME_FRAGMENT,
    ...(options.scenarios.includes('upload') && { upload: await uploadBody() }),
  };

  // The database's own share of the list and searches, measured right after each server run.
  const ceiling =
    engine === 'postgres'
      ? openPgCeiling({
          databaseUrl: env.DATABASE_URL!,
          token,
          tenant,
          barcodes: forms.map((form) => form.barcode),
          surname: SURNAME_FRAGMENT,
          poolSize: Number(env.DB_POOL_SIZE),
          seconds: options.seconds,
        })
      : null;
  const pgRows: CeilingRow[] = [];

  const measured: { scenario: ScenarioKey; figures: Figures }[] = [];
  for (const scenario of options.scenarios) {
    const request = scenarioRequest(scenario, context);
    if (scenario === 'reprint') {
      // Each form printed once first: every measured print serves the stored PDF.
      for (const _ of context.printedForms)
        await (await sendOnce(server.url, request)).arrayBuffer();
    }
    const answer = await sendOnce(server.url, request);
    if (!answer.ok)
      log(`${SCENARIOS[scenario]}: answered ${answer.status}: ${await answer.text()}`);
    if (options.warmupSeconds > 0) {
      await measure({
        origin: server.url,
        request,
        connections: Math.min(10, Math.max(...options.connections)),
        seconds: options.warmupSeconds,
      });
    }
    const connectionCounts =
      scenario === 'upload'
        ? options.connections.filter((count) => count <= UPLOAD_MAX_CONNECTIONS)
        : options.connections;
    for (const connections of connectionCounts) {
      const figures = await measure({
        origin: server.url,
        request,
        connections,
        seconds: options.seconds,
        pid: server.pid,
      });
      measured.push({ scenario, figures });
      log(
        `${engine} ${SCENARIOS[scenario]} ×${connections}: ${figures.reqPerSec} req/s, p50 ${figures.p50} ms, ` +
          `p95 ${figures.p95} ms, p99 ${figures.p99} ms, ${figures.errors} errors, peak ${figures.peakRssMiB} MiB`,
      );
      if (figures.probe) {
        const watched = Object.entries(figures.probe).map(
          ([name, p]) =>
            `${name} p50 ${p.p50} / p99 ${p.p99} / max ${p.max} ms, ${p.failures} failed`,
        );
        log(`  answers ${JSON.stringify(figures.statusCodes)}; meanwhile ${watched.join('; ')}`);
      }
      if (ceiling && PG_CEILING_SCENARIOS.includes(scenario as CeilingScenario)) {
        const row = await ceiling.measure(scenario as CeilingScenario, connections);
        pgRows.push(row);
        log(`bare pg ${SCENARIOS[row.scenario]} ×${row.connections}: ${row.reqPerSec} req/s`);
      }
    }
  }
  await ceiling?.close();
  const bigForm = options.scenarios.includes('pdf')
    ? await measureBigForm(server.url, context, log)
    : undefined;
  await server.stop();

  // The ceilings, measured in the same run at the same connection counts.
  const fastify = await startBareFastify(String(options.port + 1));
  const fastifyRows: Figures[] = [];
  for (const connections of options.connections) {
    fastifyRows.push(
      await measure({
        origin: fastify.url,
        request: { method: 'GET', path: '/' },
        connections,
        seconds: options.seconds,
        pid: fastify.pid,
      }),
    );
    log(`bare Fastify ×${connections}: ${fastifyRows.at(-1)!.reqPerSec} req/s`);
  }
  await fastify.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const rows: ScenarioRow[] = measured.map(({ scenario, figures }) => ({
    engine,
    scenario,
    ...figures,
    ofPgCeiling: share(
      figures.reqPerSec,
      pgRows.find((r) => r.scenario === scenario && r.connections === figures.connections)
        ?.reqPerSec,
    ),
    ofFastifyCeiling: share(
      figures.reqPerSec,
      fastifyRows.find((r) => r.connections === figures.connections)?.reqPerSec,
    ),
  }));
  fs.mkdirSync(options.out, { recursive: true });
  const out = path.join(options.out, `forms-${engine}.json`);
  const result = {
    measuredAt: new Date().toISOString(),
    engine,
    node: process.version,
    cpus: os.cpus().length,
    companies,
    formsPerCompany,
    totalForms: companies * formsPerCompany,
    promotionsPerBranch: options.promotionsPerBranch,
    generationSeconds,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    connections: options.connections,
    note:
      'latencies in ms, exact percentiles of every response; errors = non-2xx + connection errors + timeouts; ' +
      `peakRssMiB = the server's VmHWM ${peakPerRun ? 'of each run' : 'since it started'}, sampledRssMiB = largest VmRSS read every 100 ms`,
    scenarios: rows.map(({ engine: _engine, ...row }) => ({
      ...row,
      name: SCENARIOS[row.scenario],
    })),
    ...(bigForm && { bigForm }),
    ceilings: {
      fastify: fastifyRows,
      pg: pgRows.map((row) => ({ ...row, name: SCENARIOS[row.scenario] })),
    },
  };
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`written to ${out}`);
  return rows;
}
