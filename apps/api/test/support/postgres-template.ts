import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';

declare module 'vitest' {
  // Vitest's context is widened by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test file's database is copied from, if any. */
    postgresTemplate?: string;
  }
}

async function onAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A PostgreSQL database migrated and holding the reference data, as every test file's database
 * starts: copying it (`CREATE DATABASE … TEMPLATE`) takes a tenth of migrating anew. Nothing may
 * stay connected to it, so it is closed once prepared. Returns how to drop it.
 */
export async function createPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `tfr_template_${crypto.randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: os.tmpdir(),
    poolSize: 1,
  });
  try {
    await prepareDatabase(database, { demoSeed: false });
  } finally {
    await database.close();
  }
  return {
    name,
    drop: async () => {
      await onAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
