import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import type { BenchOptions, Engine } from './args.ts';
import { companySizes, generateForms, type BenchTenant } from './generate-forms.ts';
import { generatePromotions } from './generate-promotions.ts';
import { measure, sendOnce, type Figures, type LoadRequest } from './load.ts';
import { resetPeak } from './memory.ts';
import { minimalRequest, startMinimalCeiling } from './minimal-ceiling.ts';
import { openPgCeiling, PG_CEILING_SCENARIOS, type CeilingRow } from './pg-ceiling.ts';
import {
  SCENARIOS,
  SIZE_CURVE_CONNECTIONS,
  SURNAME_FRAGMENT,
  UPLOAD_MAX_CONNECTIONS,
  scenarioRequest,
  type ScenarioKey,
} from './scenarios.ts';
import { uploadBody } from './upload.ts';
import { measureBigForm } from './big-form.ts';
import { startBareFastify, startServer } from './server-process.ts';
import { signIn, BENCH_CREDENTIALS } from './sign-in.ts';
import { measureSizeCurve, type SizeCurveCompany, type SizeCurveRow } from './size-curve.ts';

export type ScenarioRow = { engine: Engine; scenario: ScenarioKey } & Figures & {
    /** Our req/s as a share of the page's statements sent straight through pg (list and searches). */
    ofPgCeiling: number | null;
    /** Our req/s as a share of a minimal Fastify sending the same statements (list and searches). */
    ofMinimalCeiling: number | null;
    /** Our req/s as a share of a bare Fastify answering a constant. */
    ofFastifyCeiling: number | null;
  };

/** An engine's figures: the main scenarios' rows and the size curve's. */
export type EngineFigures = { rows: ScenarioRow[]; sizeCurve: SizeCurveRow[] };

/** The server's pool on PostgreSQL, and so the ceilings' pools. */
const POOL_SIZE = 20;

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

/** `count` forms of the branch in a fixed pseudo-random order, from the `offset`th on. */
function formsOf(database: Database, tenant: BenchTenant, count: number, offset = 0) {
  return queryRows<{ id: number; barcode: string }>(
    database.db,
    sql`select id::int as id, barcode from tax_forms
      where company_id = ${tenant.companyId} and branch_id = ${tenant.branchId}
      order by hashint8(id) offset ${offset} limit ${count}`,
  );
}

/**
 * Every load scenario on one engine: generates the data set, starts the real server and the
 * minimal ceiling, runs each scenario at each connection count with the ceilings right after the
 * server, then the size curve, then the bare Fastify ceiling, and writes `forms-<engine>.json`.
 */
export async function runEngine(engine: Engine, options: BenchOptions): Promise<EngineFigures> {
  const { formsPerCompany } = options.size[engine];
  const sizes = companySizes(options.size[engine], options.sizeCurve);
  const totalForms = sizes.reduce((sum, forms) => sum + forms, 0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tfr-bench-${engine}-`));
  const env: Record<string, string> = {
    DEMO_SEED: 'false',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // One company sends every upload: its quota, rate (429 after four such uploads) and share of
    // the places are lifted so that the run measures the server's own ceiling (its queues and
    // 503s), not the company's.
    UPLOAD_TEMP_QUOTA_BYTES: String(1024 ** 4),
    UPLOAD_RATE_PER_MINUTE: '100000',
    UPLOAD_MAX_IN_PROGRESS_PER_COMPANY: '1000',
  };
  if (engine === 'postgres') {
    env.DATABASE_URL = await freshPostgres(options.adminUrl);
    env.DB_POOL_SIZE = String(POOL_SIZE);
  }

  log(`${engine}: generating ${totalForms} forms over ${sizes.length} companies`);
  const generationStarted = Date.now();
  // A company of 100,000 forms is written by single statements longer than the server's limit.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    statementTimeoutMs: 3_600_000,
  });
  await prepareDatabase(database, { demoSeed: false });
  const tenants = await generateForms(database.db, { sizes, log });
  const promotions = await generatePromotions(database.db, tenants, options.promotionsPerBranch);
  const generationSeconds = (Date.now() - generationStarted) / 1000;
  log(`${engine}: generated in ${generationSeconds.toFixed(0)} s (and ${promotions} promotions)`);
  // The main scenarios' company: the middle one of the ordinary size.
  const ordinary = tenants.filter((t) => t.forms === formsPerCompany);
  const tenant = ordinary[Math.floor(ordinary.length / 2)]!;
  const forms = await formsOf(database, tenant, 500);
  // The first-print scenario takes each of these once: more than its runs can print.
  const unprintedForms = await formsOf(database, tenant, 4000, 500);
  // The size curve's companies: the first of each size.
  const curveCompanies: SizeCurveCompany[] = [];
  for (const size of options.sizeCurve) {
    const company = tenants.find((t) => t.forms === size)!;
    curveCompanies.push({ tenant: company, forms: await formsOf(database, company, 500) });
  }
  await database.close();

  // Started before the server, which then holds PGlite's database: the minimal ceiling a copy.
  const minimal = await startMinimalCeiling({
    engine,
    dataDir,
    databaseUrl: env.DATABASE_URL!,
    poolSize: POOL_SIZE,
    tenant,
    port: String(options.port + 2),
  });
  const server = await startServer(env);
  const peakPerRun = resetPeak(server.pid);
  const token = await signIn(server.url, tenant.accountNo);
  const context = {
    token,
    tenant,
    ...BENCH_CREDENTIALS,
    forms,
    unprintedForms,
    printedForms: forms.slice(0, 20),
    surname: SURNAME_FRAGMENT,
    ...(options.scenarios.includes('upload') && { upload: await uploadBody() }),
  };

  // The database's own share of the list and searches, measured right after each server run:
  // through pg alone on PostgreSQL, and through the minimal Fastify on either engine.
  const barcodes = forms.map((form) => form.barcode);
  const ceiling =
    engine === 'postgres'
      ? openPgCeiling({
          databaseUrl: env.DATABASE_URL!,
          tenant,
          barcodes,
          surname: SURNAME_FRAGMENT,
          poolSize: POOL_SIZE,
          seconds: options.seconds,
        })
      : null;
  const pgRows: CeilingRow[] = [];
  const minimalRows: CeilingRow[] = [];

  const measured: { scenario: ScenarioKey; figures: Figures }[] = [];
  for (const scenario of options.scenarios) {
    const request = scenarioRequest(scenario, context);
    const ceilingScenario = PG_CEILING_SCENARIOS.find((key) => key === scenario);
    const minimalLoad = ceilingScenario
      ? minimalRequest(ceilingScenario, { barcodes, surname: SURNAME_FRAGMENT })
      : undefined;
    if (scenario === 'reprint') {
      // Each form printed once first: every measured print serves the stored PDF.
      for (const _ of context.printedForms)
        await (await sendOnce(server.url, request)).arrayBuffer();
    }
    const answer = await sendOnce(server.url, request);
    if (!answer.ok)
      log(`${SCENARIOS[scenario]}: answered ${answer.status}: ${await answer.text()}`);
    if (minimalLoad) {
      const minimalAnswer = await sendOnce(minimal.url, minimalLoad);
      if (!minimalAnswer.ok)
        log(
          `minimal ${SCENARIOS[scenario]}: answered ${minimalAnswer.status}: ${await minimalAnswer.text()}`,
        );
    }
    if (options.warmupSeconds > 0) {
      const warmUp = (origin: string, load: LoadRequest) =>
        measure({
          origin,
          request: load,
          connections: Math.min(10, Math.max(...options.connections)),
          seconds: options.warmupSeconds,
        });
      await warmUp(server.url, request);
      if (minimalLoad) await warmUp(minimal.url, minimalLoad);
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
          `p95 ${figures.p95} ms, p99 ${figures.p99} ms, ${figures.errors} errors, peak ${figures.peakRssMiB} MiB, ` +
          `${figures.cpuMsPerCall} CPU ms/call`,
      );
      if (figures.probe) {
        const watched = Object.entries(figures.probe).map(
          ([name, p]) =>
            `${name} p50 ${p.p50} / p99 ${p.p99} / max ${p.max} ms, ${p.failures} failed`,
        );
        log(`  answers ${JSON.stringify(figures.statusCodes)}; meanwhile ${watched.join('; ')}`);
      }
      if (ceiling && ceilingScenario) {
        const row = await ceiling.measure(ceilingScenario, connections);
        pgRows.push(row);
        log(`bare pg ${SCENARIOS[row.scenario]} ×${row.connections}: ${row.reqPerSec} req/s`);
      }
      if (minimalLoad && ceilingScenario) {
        const row = {
          scenario: ceilingScenario,
          ...(await measure({
            origin: minimal.url,
            request: minimalLoad,
            connections,
            seconds: options.seconds,
            pid: minimal.pid,
          })),
        };
        minimalRows.push(row);
        log(
          `minimal ${SCENARIOS[row.scenario]} ×${row.connections}: ${row.reqPerSec} req/s, ` +
            `p95 ${row.p95} ms, peak ${row.peakRssMiB} MiB, ${row.cpuMsPerCall} CPU ms/call`,
        );
      }
    }
  }
  await ceiling?.close();
  await minimal.stop();
  const bigForm = options.scenarios.includes('pdf')
    ? await measureBigForm(server.url, context, log)
    : undefined;
  const sizeCurve = await measureSizeCurve({
    origin: server.url,
    pid: server.pid,
    companies: curveCompanies,
    scenarios: PG_CEILING_SCENARIOS.filter((key) => options.scenarios.includes(key)),
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    log,
  });
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
    log(
      `bare Fastify ×${connections}: ${fastifyRows.at(-1)!.reqPerSec} req/s, ` +
        `${fastifyRows.at(-1)!.cpuMsPerCall} CPU ms/call`,
    );
  }
  await fastify.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const sameRun = (figures: Figures, scenario: ScenarioKey) => (r: CeilingRow) =>
    r.scenario === scenario && r.connections === figures.connections;
  const rows: ScenarioRow[] = measured.map(({ scenario, figures }) => ({
    engine,
    scenario,
    ...figures,
    ofPgCeiling: share(figures.reqPerSec, pgRows.find(sameRun(figures, scenario))?.reqPerSec),
    ofMinimalCeiling: share(
      figures.reqPerSec,
      minimalRows.find(sameRun(figures, scenario))?.reqPerSec,
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
    companies: sizes.length,
    formsPerCompany,
    companiesBySize: Object.fromEntries(
      [...new Set(sizes)].map((forms) => [forms, sizes.filter((f) => f === forms).length]),
    ),
    totalForms,
    promotionsPerBranch: options.promotionsPerBranch,
    generationSeconds,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    connections: options.connections,
    note:
      'latencies in ms, exact percentiles of every response; errors = non-2xx + connection errors + timeouts; ' +
      `peakRssMiB = the server's VmHWM ${peakPerRun ? 'of each run' : 'since it started'}, sampledRssMiB = largest VmRSS read every 100 ms; ` +
      "cpuMsPerCall = the process's user + system CPU time during the run over the requests answered; " +
      `sizeCurve: one company of each size, at ${SIZE_CURVE_CONNECTIONS} connections`,
    scenarios: rows.map(({ engine: _engine, ...row }) => ({
      ...row,
      name: SCENARIOS[row.scenario],
    })),
    ...(bigForm && { bigForm }),
    ceilings: {
      fastify: fastifyRows,
      pg: pgRows.map((row) => ({ ...row, name: SCENARIOS[row.scenario] })),
      minimal: minimalRows.map((row) => ({ ...row, name: SCENARIOS[row.scenario] })),
    },
    sizeCurve,
  };
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`written to ${out}`);
  return { rows, sizeCurve };
}
