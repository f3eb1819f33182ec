import pg from 'pg';
import {
  barcodeStatement,
  pageStatement,
  surnameStatement,
  type Branch,
  type Statement,
} from './list-statements.ts';
import type { Figures } from './load.ts';
import { percentiles } from './percentiles.ts';
import type { ScenarioKey } from './scenarios.ts';

export type CeilingScenario = Extract<ScenarioKey, 'list' | 'barcode' | 'surname'>;
export const PG_CEILING_SCENARIOS: CeilingScenario[] = ['list', 'barcode', 'surname'];

export type CeilingRow = { scenario: CeilingScenario } & Figures;

export type PgCeiling = {
  /** One run of `scenario` from `connections` concurrent loops, as long as a load test's run. */
  measure: (scenario: CeilingScenario, connections: number) => Promise<CeilingRow>;
  close: () => Promise<void>;
};

/**
 * The database's share of a list or search call, with no web framework and no process of its own:
 * only the page's statements (the list with its kept total, the barcode's match, the surname's
 * matches), no session lookup, straight through `pg` from as many concurrent loops as the load test
 * has connections, over a pool as large as the server's. The minimal ceiling sends the same
 * statements, so both measure the data work a call needs; whatever the server adds, its session
 * lookup included, shows as the gap.
 *
 * Opened once per benchmark; each run is measured right after the server's run of the same
 * scenario and connection count, so both see the machine at the same speed (a shared machine's
 * speed drifts over the minutes a benchmark takes).
 */
export function openPgCeiling(options: {
  databaseUrl: string;
  tenant: Branch;
  barcodes: string[];
  surname: string;
  poolSize: number;
  seconds: number;
}): PgCeiling {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  let barcodeIndex = 0;
  const nextBarcode = () => options.barcodes[barcodeIndex++ % options.barcodes.length]!;
  const statements: Record<CeilingScenario, () => Statement> = {
    list: () => pageStatement(options.tenant),
    barcode: () => barcodeStatement(options.tenant, nextBarcode()),
    surname: () => surnameStatement(options.tenant, options.surname),
  };

  const measure = async (scenario: CeilingScenario, connections: number): Promise<CeilingRow> => {
    const times: number[] = [];
    let errors = 0;
    const started = performance.now();
    const until = started + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          try {
            await pool.query(statements[scenario]());
            times.push(performance.now() - t);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return {
      scenario,
      connections,
      seconds: options.seconds,
      requests: times.length,
      reqPerSec: Math.round(times.length / elapsed),
      ...percentiles(times),
      errors,
      peakRssMiB: null,
      sampledRssMiB: null,
      cpuMsPerCall: null,
    };
  };
  return { measure, close: () => pool.end() };
}
