import Fastify from 'fastify';
import {
  barcodeStatement,
  pageStatement,
  surnameStatement,
  type Statement,
} from './list-statements.ts';

type Rows = Record<string, unknown>[];

/** A function sending one statement to the engine the environment names, answering its rows. */
async function openEngine(): Promise<(statement: Statement) => Promise<Rows>> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.DB_POOL_SIZE ?? 20),
    });
    return async (statement) => (await pool.query<Rows[number]>(statement)).rows;
  }
  const [{ PGlite }, { btree_gin }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // The extensions and the buffer pool of apps/api/src/db/client.ts.
  const client = await PGlite.create({
    dataDir: process.env.PGLITE_DIR,
    extensions: { btree_gin, pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  return async ({ text, values }) => (await client.query<Rows[number]>(text, values)).rows;
}

const send = await openEngine();
const tenant = {
  companyId: Number(process.env.COMPANY_ID),
  branchId: Number(process.env.BRANCH_ID),
};

/** The server's list envelope: the page's forms, and the total in the metadata. */
function envelope(rows: Rows, total: number) {
  return { status: 'success', message: 'OK', data: rows, metadata: { total } };
}

/** The page's rows without the total each of them carries, and that total (0 for no rows). */
function withTotal(rows: Rows) {
  const total = Number(rows[0]?.total ?? 0);
  return envelope(
    rows.map(({ total: _total, ...row }) => row),
    total,
  );
}

/**
 * The data ceiling: a minimal Fastify in a process of its own, with no plugins, no validation, no
 * session and no logging, answering the list page and its two searches for one tenant
 * (COMPANY_ID, BRANCH_ID) with the server's statements and an envelope shaped like the server's.
 * On PostgreSQL (DATABASE_URL) over a `pg` pool of DB_POOL_SIZE; otherwise on PGlite in
 * PGLITE_DIR, opened as the server opens it.
 */
const app = Fastify({ logger: false });
app.get('/healthz', async () => envelope([], 0));
app.get('/list', async () => withTotal(await send(pageStatement(tenant))));
app.get<{ Querystring: { code: string } }>('/barcode', async (request) => {
  const rows = await send(barcodeStatement(tenant, request.query.code));
  return envelope(rows, rows.length);
});
app.get<{ Querystring: { q: string } }>('/surname', async (request) =>
  withTotal(await send(surnameStatement(tenant, request.query.q))),
);
await app.listen({ port: Number(process.env.PORT ?? 18592), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
