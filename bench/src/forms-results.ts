import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchOptions, Engine } from './args.ts';
import type { BigFormFigures } from './big-form.ts';
import type { ScenarioRuns } from './forms-scenario-runs.ts';
import type { Figures } from './load.ts';
import type { CeilingRow } from './pg-ceiling.ts';
import { SCENARIOS, SIZE_CURVE_CONNECTIONS, type ScenarioKey } from './scenarios.ts';
import type { SizeCurveRow } from './size-curve.ts';

export type ScenarioRow = { engine: Engine; scenario: ScenarioKey } & Figures & {
    /** Our req/s as a share of the page's statements sent straight through pg (list and searches). */
    ofPgCeiling: number | null;
    /** Our req/s as a share of a minimal Fastify sending the same statements (list and searches). */
    ofMinimalCeiling: number | null;
    /** Our req/s as a share of a bare Fastify answering a constant. */
    ofFastifyCeiling: number | null;
  };

const share = (ours: number, ceiling: number | undefined) =>
  ceiling ? Math.round((ours / ceiling) * 1000) / 1000 : null;

/** Each server run's figures with its shares of the ceilings' runs at the same connection count. */
export function scenarioRows(
  engine: Engine,
  runs: ScenarioRuns,
  fastifyRows: Figures[],
): ScenarioRow[] {
  const { measured, pgRows, minimalRows } = runs;
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
  return rows;
}

/** Everything one engine's run measured, as `forms-<engine>.json` records it. */
export type FormsResult = {
  sizes: number[];
  totalForms: number;
  generationSeconds: number;
  /** Whether the server's peak memory is each run's (else since the server started). */
  peakPerRun: boolean;
  rows: ScenarioRow[];
  bigForm: BigFormFigures | undefined;
  runs: ScenarioRuns;
  fastifyRows: Figures[];
  sizeCurve: SizeCurveRow[];
};

/** Writes `forms-<engine>.json` into `options.out`. */
export function writeFormsResult(
  engine: Engine,
  options: BenchOptions,
  figures: FormsResult,
  log: (line: string) => void,
): void {
  const { formsPerCompany } = options.size[engine];
  const {
    sizes,
    totalForms,
    generationSeconds,
    peakPerRun,
    rows,
    bigForm,
    fastifyRows,
    sizeCurve,
  } = figures;
  const { pgRows, minimalRows } = figures.runs;
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
}
