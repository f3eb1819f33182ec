import crypto from 'node:crypto';
import pg from 'pg';

/**
 * The database's share of a list or search call, with no web framework: the same statements the
 * server sends (session lookup, then the page and its total) straight through `pg`, from as many
 * concurrent loops as the load test has connections, over a pool as large as the server's.
 */
export type CeilingRow = {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
};

const LIST_COLUMNS = `id, barcode, status, traveler_name, traveler_surname, traveler_email, issued_govt,
  date_of_sales, invoice_reference_number, gross_amount, vat_amount, net_amount, refund_amount,
  customer_refund, cancelled, ilr`;

export async function pgCeiling(options: {
  databaseUrl: string;
  token: string;
  tenant: { companyId: number; branchId: number };
  surname: string;
  connections: number;
  poolSize: number;
  seconds: number;
}): Promise<CeilingRow[]> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  const tokenHash = crypto.createHash('sha256').update(options.token).digest('hex');
  const { companyId, branchId } = options.tenant;

  const session = () =>
    pool.query({
      name: 'ceiling_session',
      text: `select id, company_id, branch_id, user_id, expires_at from sessions
        where token_hash = $1 and revoked_at is null and expires_at > $2 limit 1`,
      values: [tokenHash, new Date().toISOString()],
    });
  const scenarios: Record<string, () => Promise<unknown>> = {
    'list page 1': async () => {
      await session();
      await Promise.all([
        pool.query({
          name: 'ceiling_page',
          text: `select ${LIST_COLUMNS} from tax_forms where company_id = $1 and branch_id = $2
            order by created_at desc nulls last, id desc nulls last limit 5 offset 0`,
          values: [companyId, branchId],
        }),
        pool.query({
          name: 'ceiling_total',
          text: 'select forms from branch_form_totals where company_id = $1 and branch_id = $2',
          values: [companyId, branchId],
        }),
      ]);
    },
    'search surname fragment': async () => {
      await session();
      await pool.query(
        `with matches as (select ${LIST_COLUMNS}, created_at from tax_forms
           where company_id = $1 and branch_id = $2 and search_text ilike $3)
         select *, (select count(*) from matches)::int as total from matches
         order by created_at desc nulls last, id desc nulls last limit 5 offset 0`,
        [companyId, branchId, `%${options.surname}%`],
      );
    },
  };

  const rows: CeilingRow[] = [];
  for (const [scenario, run] of Object.entries(scenarios)) {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            await run();
            latencies.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(latencies[Math.floor(latencies.length * q)] ?? 0);
    rows.push({
      scenario: `bare pg: ${scenario}`,
      reqPerSec: Math.round(latencies.length / options.seconds),
      p50: at(0.5),
      p90: at(0.9),
      p97_5: at(0.975),
      p99: at(0.99),
      errors,
    });
  }
  await pool.end();
  return rows;
}
