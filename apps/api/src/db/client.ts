import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { Client as PgClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createDatabaseStore } from '../lib/files/database-store.ts';
import { createDiskStore } from '../lib/files/disk-store.ts';
import type { FileStore } from '../lib/files/file-store.ts';
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
  /** Where the bytes of stored files live: files beside PGlite, chunks on PostgreSQL. */
  files: FileStore;
  /**
   * Hears the NOTIFY notices of `channel` until the answered function is called. `listening` is
   * told whether notices are being heard: false while a lost connection is made again, when
   * notices may be missed.
   */
  listen: (channel: string, handlers: NoticeHandlers) => Promise<() => Promise<void>>;
  /** How many processes, this one included, are listening on this database right now. */
  countListeners: () => Promise<number>;
  /**
   * A hot read sent straight to the driver, as a named prepared statement on PostgreSQL: the rows
   * keyed by the statement's column names, each value as the driver reads it, without the ORM's
   * building and mapping. For the reads behind most calls (the list page and its searches); the
   * statement casts what the two drivers read differently (dates, 64-bit integers) itself.
   */
  read: <Row>(statement: HotRead, values: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
};

/** A statement of `Database.read`: its name must be unique to its text. */
export type HotRead = { name: string; text: string };

/** The name each process's listening connection carries, so that the listeners can be counted. */
export const LISTENER_NAME = 'taxfree-listener';

export type NoticeHandlers = {
  notice: (payload: string) => void;
  listening: (listening: boolean) => void;
};

export type OpenDatabaseOptions = {
  /** postgres:// URL; without it the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * Folder of stored files (`files/`, embedded only) and scratch files (`tmp/`); `dataDir` unless
   * that is `memory://`, when a new temporary folder is used.
   */
  storageDir?: string;
  poolSize?: number;
  /** How long to wait for a PostgreSQL connection (a new one, or a free one of the pool). */
  connectTimeoutMs?: number;
  /** How long a query may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
};

/** How long past its statement timeout a query may go unanswered before its connection is dropped. */
const UNANSWERED_MARGIN_MS = 2_000;

/**
 * The embedded PostgreSQL runs inside the server process as WebAssembly, so its buffer pool is
 * part of the server's memory and never handed back. 16 MB of shared buffers instead of the
 * default 128 MB holds the pages a shop's calls read (the newest forms, the indexes' upper
 * levels); pages beyond it come from the operating system's file cache. 32 MB measured about
 * 100 MB below the default at the same throughput (docs/decisions/002); 16 MB keeps 16 MB less,
 * for a slower search over many matches (decision 024).
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

function storageFolder(options: OpenDatabaseOptions): string {
  if (options.storageDir) return options.storageDir;
  if (options.dataDir !== 'memory://') return options.dataDir;
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-files-'));
}

/** Opens the database and brings its schema up to date with the generated migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const storage = storageFolder(options);
  const scratchRoot = path.join(storage, 'tmp');
  // Each engine's driver is loaded only when it is used: the embedded portal never loads `pg`.
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      statement_timeout: statementTimeoutMs,
    });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      // Nor may a client in use, say in a transaction, when PostgreSQL shuts down: the pool keeps
      // no error listener on it then. The client is left unusable and the pool drops it.
      client.on('error', () => {});
      // A server that stops answering (a frozen host, a network dropping packets) would hold a
      // query, and its request, for as long as TCP keeps trying. PostgreSQL answers every query
      // within its statement timeout; past that, plus a margin, the connection is dropped, the
      // query fails as "Connection terminated" and the pool replaces the connection.
      const socket = client.connection.stream as Socket;
      socket.setTimeout(statementTimeoutMs + UNANSWERED_MARGIN_MS);
      socket.on('timeout', () => {
        if ((client as unknown as { _activeQuery: unknown })._activeQuery) socket.destroy();
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const files = createDatabaseStore({ pool, scratchRoot });
    const listen = (channel: string, handlers: NoticeHandlers) =>
      listenOnServer(pg.Client, options.databaseUrl!, channel, handlers);
    const countListeners = async () => {
      const { rows } = await pool.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_NAME],
      );
      return rows[0]!.count;
    };
    const read = async <Row>({ name, text }: HotRead, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[];
    return { db, engine: 'postgres', files, listen, countListeners, read, close: () => pool.end() };
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
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    loadDataDir: isNew ? readTemplate() : undefined,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const files = createDiskStore({ root: path.join(storage, 'files'), scratchRoot });
  const listen = async (channel: string, handlers: NoticeHandlers) => {
    const unlisten = await client.listen(channel, handlers.notice);
    handlers.listening(true);
    return async () => {
      handlers.listening(false);
      if (!client.closed) await unlisten();
    };
  };
  // The embedded database belongs to this one process.
  const countListeners = () => Promise.resolve(1);
  const read = async <Row>({ text }: HotRead, values: unknown[]) =>
    (await client.query<Row>(text, values)).rows;
  return {
    db,
    engine: 'pglite',
    files,
    listen,
    countListeners,
    read,
    close: () => client.close(),
  };
}

/** How long a lost listening connection waits before it is made again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * Listens on a connection of its own (a pooled one would be handed to queries), made again
 * whenever it is lost, until stopped.
 */
async function listenOnServer(
  Client: typeof PgClient,
  connectionString: string,
  channel: string,
  handlers: NoticeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: PgClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    let gone = false;
    const lose = () => {
      if (gone) return;
      gone = true;
      if (current === client) {
        current = undefined;
        handlers.listening(false);
      }
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS).unref();
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      lose();
      return;
    }
    if (gone) return;
    if (stopped) {
      gone = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.listening(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
