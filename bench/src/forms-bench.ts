import fs from 'node:fs';
import type { BenchOptions, Engine } from './args.ts';
import { measureBigForm } from './big-form.ts';
import { generateDataSet, POOL_SIZE } from './forms-data-set.ts';
import { scenarioRows, writeFormsResult, type ScenarioRow } from './forms-results.ts';
import { measureFastifyCeiling, measureScenarios } from './forms-scenario-runs.ts';
import { resetPeak } from './memory.ts';
import { startMinimalCeiling } from './minimal-ceiling.ts';
import { openPgCeiling, PG_CEILING_SCENARIOS } from './pg-ceiling.ts';
import { SURNAME_FRAGMENT } from './scenarios.ts';
import { uploadBody } from './upload.ts';
import { startServer } from './server-process.ts';
import { signIn, BENCH_CREDENTIALS } from './sign-in.ts';
import { measureSizeCurve, type SizeCurveRow } from './size-curve.ts';

export type { ScenarioRow } from './forms-results.ts';

/** An engine's figures: the main scenarios' rows and the size curve's. */
export type EngineFigures = { rows: ScenarioRow[]; sizeCurve: SizeCurveRow[] };

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * Every load scenario on one engine: generates the data set, starts the real server and the
 * minimal ceiling, runs each scenario at each connection count with the ceilings right after the
 * server, then the size curve, then the bare Fastify ceiling, and writes `forms-<engine>.json`.
 */
export async function runEngine(engine: Engine, options: BenchOptions): Promise<EngineFigures> {
  const {
    sizes,
    totalForms,
    generationSeconds,
    dataDir,
    env,
    tenant,
    forms,
    unprintedForms,
    curveCompanies,
  } = await generateDataSet(engine, options, log);

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
  const runs = await measureScenarios(engine, options, {
    server,
    minimal,
    ceiling,
    context,
    barcodes,
    log,
  });
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
  const fastifyRows = await measureFastifyCeiling(options, log);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const rows = scenarioRows(engine, runs, fastifyRows);
  writeFormsResult(
    engine,
    options,
    {
      sizes,
      totalForms,
      generationSeconds,
      peakPerRun,
      rows,
      bigForm,
      runs,
      fastifyRows,
      sizeCurve,
    },
    log,
  );
  return { rows, sizeCurve };
}
