import crypto from 'node:crypto';
import pg from 'pg';
import type { Figures } from './load.ts';
import { percentiles } from './percentiles.ts';
import type { ScenarioKey } from './scenarios.ts';

/**
 * The database's share of a list or search call, with no web framework: the statements the server
 * sends (the session lookup, then the page with its total) straight through `pg`, from as many
 * concurrent loops as the load test has connections, over a pool as large as the server's.
 */
const LIST_COLUMNS = `id, barcode, status, traveler_name, traveler_surname, traveler_email, issued_govt,
  date_of_sales, invoice_reference_number, gross_amount, vat_amount, net_amount, refund_amount,
  customer_refund, cancelled, ilr`;

/** The search's shape (taxforms.repository.ts): every match once, counted, newest five. */
const searchStatement = (condition: string) =>
  `with matches as (select ${LIST_COLUMNS}, created_at from tax_forms
     where company_id = $1 and branch_id = $2 and ${condition})
   select *, (select count(*) from matches)::int as total from matches
   order by created_at desc nulls last, id desc nulls last limit 5 offset 0`;

export type CeilingScenario = Extract<ScenarioKey, 'list' | 'barcode' | 'surname'>;
export const PG_CEILING_SCENARIOS: CeilingScenario[] = ['list', 'barcode', 'surname'];

export type CeilingRow = { scenario: CeilingScenario } & Figures;

export type PgCeiling = {
  /** One run of `scenario` from `connections` concurrent loops, as long as a load test's run. */
  measure: (scenario: CeilingScenario, connections: number) => Promise<CeilingRow>;
  close: () => Promise<void>;
};

/**
 * Opened once per benchmark; each run is measured right after the server's run of the same
 * scenario and connection count, so both see the machine at the same speed (a shared machine's
 * speed drifts over the minutes a benchmark takes).
 */
export function openPgCeiling(options: {
  databaseUrl: string;
  token: string;
  tenant: { companyId: number; branchId: number };
  barcodes: string[];
  surname: string;
  poolSize: number;
  seconds: number;
}): PgCeiling {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  const tokenHash = crypto.createHash('sha256').update(options.token).digest('hex');
  const { companyId, branchId } = options.tenant;
  let barcodeIndex = 0;

  const session = () =>
    pool.query({
      name: 'ceiling_session',
      text: `select id, company_id, branch_id, user_id, expires_at from sessions
        where token_hash = $1 and revoked_at is null and expires_at > $2 limit 1`,
      values: [tokenHash, new Date().toISOString()],
    });
  const calls: Record<CeilingScenario, () => Promise<unknown>> = {
    list: async () => {
      await session();
      // As the server sends it: one prepared statement, the kept total riding along.
      await pool.query({
        name: 'ceiling_page',
        text: `select ${LIST_COLUMNS},
            (select forms from branch_form_totals where company_id = $1 and branch_id = $2) as total
          from tax_forms where company_id = $1 and branch_id = $2
          order by created_at desc nulls last, id desc nulls last limit $3 offset $4`,
        values: [companyId, branchId, 5, 0],
      });
    },
    barcode: async () => {
      await session();
      const barcode = options.barcodes[barcodeIndex++ % options.barcodes.length]!;
      // A scanned barcode names one form (taxforms.repository.ts): no count, a prepared statement.
      await pool.query({
        name: 'ceiling_barcode',
        text: `select ${LIST_COLUMNS} from tax_forms
          where company_id = $1 and branch_id = $2 and barcode = $3 limit 1`,
        values: [companyId, branchId, barcode],
      });
    },
    surname: async () => {
      await session();
      await pool.query(searchStatement('search_text ilike $3'), [
        companyId,
        branchId,
        `%${options.surname}%`,
      ]);
    },
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
            await calls[scenario]();
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
    };
  };
  return { measure, close: () => pool.end() };
}
