import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import { queryRows } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * Migrations that have landed, with the SHA-256 of their SQL. A database that applied one never
 * applies it again, so changing a landed file changes nothing where it matters: write a new one.
 */
const LANDED: Record<string, string> = {
  '0000_enable-pg-trgm.sql': '471ea97c562fe017030812d21654146ebf690745898e7fcf20c382b0f4c1fd87',
  '0001_initial.sql': '1caceec50a433d93bfbccbfce511e82314d22365357ff6a92832aa530531148f',
  '0002_enable-btree-gin.sql': '427483459308f9b89f136fd33d8d2703feaecceb8e02bb5485c98d8d16151bab',
  '0003_form-search.sql': 'c31dc85aeb319e29ff6c8e043ab75060d9abc16f47e91c281b44a8047c44880f',
  '0004_companies-time-zone.sql':
    'e2bb2c42cb986b9d698363bb7ac9d776d52e4fc1bfa2f9c6f28d0ef756d40f23',
  '0005_forms-counted-at-commit.sql':
    '530fa27f6c0d51f0401f60dfdb6887348f57b716b7a59e4eeb2d3a387dc229c9',
};

/** The time drizzle records for a migration: its `when` in the journal. */
function migratedAt(tag: string): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) throw new Error(`no migration ${tag}`);
  return entry.when;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A migrations folder holding the landed migrations up to `lastTag` only: a database as it stood
 * then is brought up to that point, not past it (later migrations need not run twice).
 */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; idx: number }[] };
  const last = journal.entries.find((e) => e.tag === lastTag);
  if (!last) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.filter((e) => e.idx <= last.idx);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

async function migrateAgain(lastTag: string) {
  const folder = migrationsUpTo(lastTag);
  try {
    if (t.database.engine === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(t.database.db as never, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(t.database.db as never, { migrationsFolder: folder });
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('migrations', () => {
  it('are never edited once landed: a change goes into a new migration', () => {
    for (const [file, sha256] of Object.entries(LANDED)) {
      const text = fs.readFileSync(path.join(migrationsFolder, file));
      expect(crypto.createHash('sha256').update(text).digest('hex'), file).toBe(sha256);
    }
  });

  it("give a database made by the first migration's older text the company time zone", async () => {
    const db = t.database.db;
    // As such a database stood: time_zone missing, every migration before it applied (and the
    // next one of its time, which runs again and must change nothing).
    await db.execute(sql`alter table companies drop column time_zone`);
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at >= ${migratedAt('0004_companies-time-zone')}`,
    );
    await migrateAgain('0005_forms-counted-at-commit');
    const columns = await queryRows<{ column_default: string }>(
      db,
      sql`select column_default from information_schema.columns
          where table_name = 'companies' and column_name = 'time_zone'`,
    );
    expect(columns).toEqual([{ column_default: "'Europe/Zagreb'::text" }]);
    // And on a database that has the column, the migration changes nothing.
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at >= ${migratedAt('0004_companies-time-zone')}`,
    );
    await expect(migrateAgain('0005_forms-counted-at-commit')).resolves.toBeUndefined();
  });
});
