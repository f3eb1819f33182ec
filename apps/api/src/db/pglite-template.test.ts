import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';
import { templateFolder } from './pglite-template.ts';

describe('embedded database template', () => {
  it('starts a new data folder as a copy of the migrated template, and leaves the template alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-template-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))).toBe(true);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_tables
          where tablename in ('tax_forms', 'branch_form_totals', 'promotions')`,
      );
      // Every migration is in: the newest tables exist.
      expect(row!.n).toBe(3);
      await database.db.execute(sql`create table only_here (id int)`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: dir });
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-template-'));
    const other = await openDatabase({ dataDir: fresh });
    try {
      const tables = async (db: typeof again) =>
        (
          await queryRows<{ n: number }>(
            db.db,
            sql`select count(*)::int as n from pg_tables where tablename = 'only_here'`,
          )
        )[0]!.n;
      expect(await tables(again)).toBe(1);
      expect(await tables(other)).toBe(0);
      expect(fs.existsSync(path.join(templateFolder(), 'PG_VERSION'))).toBe(true);
    } finally {
      await again.close();
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('runs with a small buffer pool, kept inside the server process', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const [row] = await queryRows<{ size: string }>(
        database.db,
        sql`select current_setting('shared_buffers') as size`,
      );
      expect(row!.size).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
