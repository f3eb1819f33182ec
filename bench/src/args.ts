import path from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIO_KEYS, SIZE_CURVE_CONNECTIONS, type ScenarioKey } from './scenarios.ts';

export type Engine = 'postgres' | 'pglite';

export type BenchOptions = {
  engines: Engine[];
  /** The ordinary companies; the main scenarios use one of them (`companySizes`). */
  size: Record<Engine, { companies: number; formsPerCompany: number }>;
  /** Company sizes, in forms, measured one after the other after the main scenarios. */
  sizeCurve: number[];
  promotionsPerBranch: number;
  seconds: number;
  warmupSeconds: number;
  connections: number[];
  scenarios: ScenarioKey[];
  skipStartup: boolean;
  out: string;
  adminUrl: string;
  port: number;
};

export const USAGE = `npm run bench -- [flags]

  --engines postgres,pglite   engines to measure (default both; --engine is the same)
  --companies 98              PostgreSQL: ordinary companies, one branch each (the main
                              scenarios use the middle one)
  --forms 10000               PostgreSQL: forms per ordinary company
  --pglite-companies 0        PGlite: ordinary companies (its loading is slower)
  --pglite-forms 10000        PGlite: forms per ordinary company
  --size-curve 1000,10000,100000
                              company sizes in forms (none: no curve): a company of each size
                              no ordinary one has is added, and the list and searches of each
                              size are measured at ${SIZE_CURVE_CONNECTIONS} connections after the scenarios.
                              Without ordinary companies the main scenarios use the company of
                              --forms or --pglite-forms forms, added if the curve has none
  --promotions 36             promotions per branch
  --seconds 10                duration of each measured run
  --warmup 2                  seconds of unmeasured load before each scenario (0: none)
  --connections 1,10,50       connection counts of each scenario
  --scenarios a,b             some of: ${SCENARIO_KEYS.join(', ')}
  --skip-startup              leave out the start-up and sign-in figures
  --out bench/results         folder of the JSON results
  --database-url URL          PostgreSQL server to create the benchmark database on
                              (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --port 18590                first of the ports the servers listen on`;

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function positive(name: string, value: string | undefined, fallback: number, min = 1): number {
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < min)
    throw new Error(`--${name} wants a whole number ≥ ${min}`);
  return number;
}

export function parseBenchOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engines: { type: 'string' },
      engine: { type: 'string' },
      companies: { type: 'string' },
      forms: { type: 'string' },
      'pglite-companies': { type: 'string' },
      'pglite-forms': { type: 'string' },
      'size-curve': { type: 'string' },
      promotions: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      scenarios: { type: 'string' },
      'skip-startup': { type: 'boolean' },
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
  const engines = list(values.engines ?? values.engine ?? 'postgres,pglite');
  for (const engine of engines) {
    if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
  }
  const scenarios = list(values.scenarios ?? SCENARIO_KEYS.join(','));
  for (const scenario of scenarios) {
    if (!(SCENARIO_KEYS as string[]).includes(scenario))
      throw new Error(`unknown scenario ${scenario}: use ${SCENARIO_KEYS.join(', ')}`);
  }
  return {
    engines: engines as Engine[],
    size: {
      postgres: {
        companies: positive('companies', values.companies, 98, 0),
        formsPerCompany: positive('forms', values.forms, 10_000),
      },
      pglite: {
        companies: positive('pglite-companies', values['pglite-companies'], 0, 0),
        formsPerCompany: positive('pglite-forms', values['pglite-forms'], 10_000),
      },
    },
    sizeCurve:
      values['size-curve'] === 'none'
        ? []
        : list(values['size-curve'] ?? '1000,10000,100000').map((forms) =>
            positive('size-curve', forms, 1),
          ),
    promotionsPerBranch: positive('promotions', values.promotions, 36, 0),
    seconds: positive('seconds', values.seconds, 10),
    warmupSeconds: positive('warmup', values.warmup, 2, 0),
    connections: list(values.connections ?? '1,10,50').map((c) => positive('connections', c, 1)),
    scenarios: SCENARIO_KEYS.filter((key) => scenarios.includes(key)),
    skipStartup: values['skip-startup'] ?? false,
    out: path.resolve(values.out ?? path.resolve(import.meta.dirname, '../results')),
    adminUrl:
      values['database-url'] ??
      process.env.BENCH_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    port: positive('port', values.port, 18_590),
  };
}
