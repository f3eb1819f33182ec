import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loggerOptions } from '../../src/lib/logging.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { createMailer, type Mailer } from '../../src/lib/mailer.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * A database of its own for one test file: in-memory PGlite, or a new PostgreSQL database (a copy
 * of the run's migrated template when the global setup made one).
 */
export async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_ENGINE !== 'postgres') return { drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `tfr_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    logLevel?: string;
    /** Wraps the app's mailer (a mail server that fails, say). */
    wrapMailer?: (mailer: Mailer) => Mailer;
    /** Wraps the app's database (a slow link, say). */
    wrapDatabase?: (database: Database) => Database;
    /** A second process on the PostgreSQL database of `app`, rather than a database of its own. */
    beside?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-api-'));
  const fresh = options.beside
    ? { url: options.beside.config.DATABASE_URL, drop: async () => {} }
    : await freshDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...env,
  });
  const opened = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? dataDir : 'memory://',
    storageDir: dataDir,
    poolSize: 5,
  });
  const database = (options.wrapDatabase ?? ((same) => same))(opened);
  if (!options.beside) await prepareDatabase(database, { demoSeed: config.DEMO_SEED });
  const app = await buildApp({
    config,
    database,
    secretKey: crypto.randomBytes(32),
    logger: options.logStream
      ? loggerOptions(options.logLevel ?? 'info', options.logStream)
      : false,
    mailer: (options.wrapMailer ?? ((mailer) => mailer))(
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(dataDir, 'outbox'),
      }),
    ),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
