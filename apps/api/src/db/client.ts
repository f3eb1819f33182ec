import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsFolder } from './migrations-folder.ts';
import { copyTemplateInto, readTemplate } from './pglite-template.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw SQL query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres:// URL; without it the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** How long a query may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
};

/** Opens the database and brings its schema up to date with the generated migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  // Each engine's driver is loaded only when it is used: the embedded portal never loads `pg`.
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
    });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, engine: 'postgres', close: () => pool.end() };
  }

  const [
    { PGlite },
    { btree_gin },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataDir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pg');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  let isNew = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // A new folder on disk starts as a copy of the migrated template when one was built.
  if (isNew && dataDir && copyTemplateInto(dataDir)) isNew = false;
  const client = await PGlite.create({
    dataDir,
    extensions: { btree_gin, pg_trgm },
    loadDataDir: isNew ? readTemplate() : undefined,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close() };
}
