import { parseBenchOptions, type Engine } from './args.ts';
import { runEngine, type ScenarioRow } from './forms-bench.ts';
import { companySizes } from './generate-forms.ts';
import { SCENARIOS, SIZE_CURVE_CONNECTIONS } from './scenarios.ts';
import type { SizeCurveRow } from './size-curve.ts';
import { runStartup } from './startup-bench.ts';

/**
 * The whole benchmark: start-up and sign-in figures, then every load scenario at each connection
 * count on each engine with its ceilings and its size curve, then the tables of everything.
 * `--help` lists the flags.
 */
const options = parseBenchOptions();
const percent = (value: number | null) => (value === null ? '' : `${Math.round(value * 100)} %`);

if (!options.skipStartup) await runStartup({ out: options.out, port: options.port });
const rows: ScenarioRow[] = [];
const sizeCurves = new Map<Engine, SizeCurveRow[]>();
for (const engine of options.engines) {
  const figures = await runEngine(engine, options);
  rows.push(...figures.rows);
  sizeCurves.set(engine, figures.sizeCurve);
}

for (const engine of options.engines) {
  const sizes = companySizes(options.size[engine], options.sizeCurve);
  const totalForms = sizes.reduce((sum, forms) => sum + forms, 0);
  console.log(
    `\n${engine}: ${totalForms.toLocaleString('en')} forms over ${sizes.length} companies, ` +
      `the scenarios on one of ${options.size[engine].formsPerCompany.toLocaleString('en')}, ` +
      `${options.seconds} s per run (latencies in ms, memory in MiB)`,
  );
  console.table(
    rows
      .filter((row) => row.engine === engine)
      .map((row) => ({
        scenario: SCENARIOS[row.scenario],
        conn: row.connections,
        'req/s': row.reqPerSec,
        p50: row.p50,
        p95: row.p95,
        p99: row.p99,
        errors: row.errors,
        'peak MiB': row.peakRssMiB,
        'cpu ms/call': row.cpuMsPerCall,
        'health p99': row.probe?.health?.p99 ?? '',
        'of pg': percent(row.ofPgCeiling),
        'of minimal': percent(row.ofMinimalCeiling),
        'of Fastify': percent(row.ofFastifyCeiling),
      })),
  );
  const sizeCurve = sizeCurves.get(engine) ?? [];
  if (sizeCurve.length === 0) continue;
  console.log(`\n${engine}: size curve, ${SIZE_CURVE_CONNECTIONS} connections`);
  console.table(
    sizeCurve.map((row) => ({
      forms: row.forms,
      scenario: row.name,
      'req/s': row.reqPerSec,
      p50: row.p50,
      p95: row.p95,
      p99: row.p99,
      errors: row.errors,
      'cpu ms/call': row.cpuMsPerCall,
    })),
  );
}
console.log(`results in ${options.out}`);
