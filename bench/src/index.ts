import { parseBenchOptions } from './args.ts';
import { runEngine, type ScenarioRow } from './forms-bench.ts';
import { SCENARIOS } from './scenarios.ts';
import { runStartup } from './startup-bench.ts';

/**
 * The whole benchmark: start-up and sign-in figures, then every load scenario at each connection
 * count on each engine with its ceilings, then one table of everything. `--help` lists the flags.
 */
const options = parseBenchOptions();
const percent = (value: number | null) => (value === null ? '' : `${Math.round(value * 100)} %`);

if (!options.skipStartup) await runStartup({ out: options.out, port: options.port });
const rows: ScenarioRow[] = [];
for (const engine of options.engines) rows.push(...(await runEngine(engine, options)));

for (const engine of options.engines) {
  const { companies, formsPerCompany } = options.size[engine];
  console.log(
    `\n${engine}: ${(companies * formsPerCompany).toLocaleString('en')} forms over ${companies} companies, ` +
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
        'health p99': row.probe?.health?.p99 ?? '',
        'of pg': percent(row.ofPgCeiling),
        'of Fastify': percent(row.ofFastifyCeiling),
      })),
  );
}
console.log(`results in ${options.out}`);
