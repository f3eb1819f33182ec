import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../src/db/client.ts';

/** Each table of the public schema: its row count and an md5 of its rows in a fixed order. */
export type DatabaseSnapshot = Record<string, { rows: number; md5: string }>;

/**
 * A fingerprint of the whole database, to prove that a refused call changed nothing. Rows are
 * compared as their text form, ordered by it, so the fingerprint does not depend on the
 * physical order PostgreSQL happens to return them in.
 */
export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  // One statement for all tables: cheap enough to take after every call of a long matrix.
  const parts = tables.map(
    ({ name }) =>
      sql`select ${name}::text as name, count(*)::int as rows,
        md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5
        from ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; rows: number; md5: string }>(
    db,
    sql.join(parts, sql` union all `),
  );
  const snapshot: DatabaseSnapshot = {};
  for (const row of rows) snapshot[row.name] = { rows: Number(row.rows), md5: row.md5 };
  return snapshot;
}

/** The tables whose count or contents differ between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter(
      (name) => before[name]?.rows !== after[name]?.rows || before[name]?.md5 !== after[name]?.md5,
    )
    .sort();
}

/**
 * The fingerprint once the app's work after earlier answers is done: a traveller's e-mail queued
 * by an issue or a stage is sent after the answer, and keeps the form's PDF and audits its
 * attempt as it goes. A test proving that a call wrote nothing compares settled fingerprints.
 */
export async function settledSnapshot(t: {
  app: FastifyInstance;
  database: { db: Db };
}): Promise<DatabaseSnapshot> {
  await t.app.formMails.runDue();
  return snapshotDatabase(t.database.db);
}
