import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import type { Engine } from './args.ts';
import { countXlsxRows } from './export-xlsx-rows.ts';
import { generateForms } from './generate-forms.ts';
import { mib, procStatusKb, resetPeak, sampleRss } from './memory.ts';
import { startServer } from './server-process.ts';

const USAGE = `npm run bench:export -- [flags]

  --engines postgres,pglite   engines to measure (default both; --engine is the same)
  --forms 100000              forms of the one branch exported
  --formats csv,xlsx          files to export
  --runs 2                    exports of each file, one after the other
  --out bench/results         folder of the JSON results
  --database-url URL          PostgreSQL server to create the benchmark database on
                              (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --port 18690                port the server listens on`;

type Format = 'csv' | 'xlsx';

export type ExportRun = {
  format: Format;
  run: number;
  /** The data rows the file holds, read back from it once it has arrived. */
  rows: number;
  bytes: number;
  /** Until the first bytes of the file arrive, ms. */
  firstByteMs: number;
  /** Until the whole file has arrived, ms. */
  totalMs: number;
  /** The server's peak resident set during the export (VmHWM, reset before it), MiB. */
  peakRssMiB: number | null;
  /** The largest resident set read every 100 ms during the export, MiB. */
  sampledRssMiB: number | null;
  /** The server's resident set just before the export, MiB. */
  rssBeforeMiB: number | null;
};

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function options(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: {
      engines: { type: 'string' },
      engine: { type: 'string' },
      forms: { type: 'string' },
      formats: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const list = (value: string) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const engines = list(values.engines ?? values.engine ?? 'postgres,pglite');
  for (const engine of engines) {
    if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
  }
  const formats = list(values.formats ?? 'csv,xlsx');
  for (const format of formats) {
    if (format !== 'csv' && format !== 'xlsx') throw new Error(`unknown format ${format}`);
  }
  const whole = (name: string, value: string | undefined, fallback: number) => {
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} wants a whole number ≥ 1`);
    return n;
  };
  return {
    engines: engines as Engine[],
    forms: whole('forms', values.forms, 100_000),
    formats: formats as Format[],
    runs: whole('runs', values.runs, 2),
    out: path.resolve(values.out ?? path.resolve(import.meta.dirname, '../results')),
    adminUrl:
      values['database-url'] ??
      process.env.BENCH_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    port: whole('port', values.port, 18_690),
  };
}

async function freshPostgres(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists tfr_bench_export with (force)');
  await admin.query('create database tfr_bench_export');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/tfr_bench_export';
  return url.toString();
}

/**
 * Downloads the export once as a browser would, counting bytes (and the CSV's lines) as they come.
 * The XLSX is kept as it arrives and its rows are read back only once the figures are taken, so
 * that reading it is neither timed nor done while the server is measured.
 */
async function exportOnce(
  origin: string,
  pid: number,
  target: { path: string; token: string },
  format: Format,
  run: number,
): Promise<ExportRun> {
  const rssBeforeMiB = mib(procStatusKb(pid, 'VmRSS'));
  resetPeak(pid);
  const sampler = sampleRss(pid);
  const started = performance.now();
  const answer = await fetch(`${origin}${target.path}?format=${format}`, {
    headers: {
      authorization: `Bearer ${target.token}`,
      'accept-language': 'en',
      'accept-encoding': 'identity',
    },
  });
  if (!answer.ok || !answer.body) {
    throw new Error(`the ${format} export answered ${answer.status}: ${await answer.text()}`);
  }
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  // The XLSX is a zip: its rows can be counted only once the whole file is here.
  const xlsx: Buffer[] = [];
  const reader = answer.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    if (format === 'csv') {
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    } else {
      xlsx.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  }
  const totalMs = performance.now() - started;
  const sampledKb = sampler.stop();
  const peakRssMiB = mib(procStatusKb(pid, 'VmHWM'));
  return {
    format,
    run,
    // The CSV's lines less its header (the generated forms hold no line breaks).
    rows: format === 'csv' ? lines - 1 : await countXlsxRows(xlsx),
    bytes,
    firstByteMs: Math.round(firstByteMs),
    totalMs: Math.round(totalMs),
    peakRssMiB,
    sampledRssMiB: mib(sampledKb),
    rssBeforeMiB,
  };
}

/** One engine: generates the branch's forms, starts the real server, exports each file. */
async function runEngine(engine: Engine, opts: ReturnType<typeof options>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tfr-bench-export-${engine}-`));
  const env: Record<string, string> = {
    DEMO_SEED: 'false',
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    DATABASE_URL: engine === 'postgres' ? await freshPostgres(opts.adminUrl) : '',
  };
  log(`${engine}: generating ${opts.forms.toLocaleString('en')} forms for one branch`);
  const generationStarted = Date.now();
  // One branch's 100,000 forms are written by single statements longer than the server's limit.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    statementTimeoutMs: 3_600_000,
  });
  await prepareDatabase(database, { demoSeed: false });
  const [tenant] = await generateForms(database.db, { sizes: [opts.forms] });
  await database.close();
  const generationSeconds = Math.round((Date.now() - generationStarted) / 1000);
  log(`${engine}: generated in ${generationSeconds} s`);

  const server = await startServer(env);
  const login = await fetch(`${server.url}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountno: tenant!.accountNo,
      username: 'bench',
      password: 'bench-password',
    }),
  });
  if (!login.ok) throw new Error(`the benchmark user cannot sign in: ${login.status}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const target = {
    path: `/api/v2/companies/${tenant!.companyId}/retailers/${tenant!.branchId}/taxforms/export`,
    token,
  };
  const runs: ExportRun[] = [];
  const idleRssMiB = mib(procStatusKb(server.pid, 'VmRSS'));
  for (const format of opts.formats) {
    for (let run = 1; run <= opts.runs; run += 1) {
      const figures = await exportOnce(server.url, server.pid, target, format, run);
      if (figures.rows !== opts.forms) {
        throw new Error(
          `the ${format.toUpperCase()} holds ${figures.rows} rows, not ${opts.forms}`,
        );
      }
      runs.push(figures);
      log(
        `${engine} ${format} #${run}: ${(figures.bytes / 1024 / 1024).toFixed(1)} MiB in ${figures.totalMs} ms ` +
          `(first byte ${figures.firstByteMs} ms), server peak ${figures.peakRssMiB} MiB ` +
          `(sampled ${figures.sampledRssMiB}, before ${figures.rssBeforeMiB})`,
      );
    }
  }
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const result = {
    measuredAt: new Date().toISOString(),
    engine,
    node: process.version,
    cpus: os.cpus().length,
    forms: opts.forms,
    generationSeconds,
    idleRssMiB,
    note:
      "one branch's forms exported whole, one download at a time, read as fast as the client can; " +
      "peakRssMiB = the server's VmHWM reset before each export, sampledRssMiB = largest VmRSS read every 100 ms",
    runs,
  };
  fs.mkdirSync(opts.out, { recursive: true });
  const out = path.join(opts.out, `export-${engine}.json`);
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`written to ${out}`);
  return result;
}

const opts = options();
const results = [];
for (const engine of opts.engines) results.push(await runEngine(engine, opts));
console.table(
  results.flatMap((result) =>
    result.runs.map((run) => ({
      engine: result.engine,
      file: run.format,
      run: run.run,
      MiB: Math.round((run.bytes / 1024 / 1024) * 10) / 10,
      's total': run.totalMs / 1000,
      'first byte ms': run.firstByteMs,
      'peak MiB': run.peakRssMiB,
      'idle MiB': result.idleRssMiB,
    })),
  ),
);
