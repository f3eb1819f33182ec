import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiDir } from '../../src/api-dir.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { acquireDataDirLock } from '../../src/db/lock.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import type { Recovery } from '../../src/lib/files/file-store.ts';
import { freshDatabaseUrl } from './build-app.ts';
import { bundledEntry } from './server-bundle.ts';

export { apiDir };

/** A port nobody listens on right now, as the system hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Where one test's servers keep their data: a folder, and a database of its own on PostgreSQL. */
export type ServerStore = {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  secretKey: string;
  /**
   * Opens the store in this process (the server must not be running on an embedded folder), as
   * a start does: answers what the file store's recovery found to put right.
   */
  open: () => Promise<{ database: Database; recovery: Recovery; close: () => Promise<void> }>;
  remove: () => Promise<void>;
};

/** A fresh store for the engine under test (TEST_ENGINE), migrated and with reference data. */
export async function createServerStore(): Promise<ServerStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-proc-'));
  const fresh = await freshDatabaseUrl();
  const engine = fresh.url ? 'postgres' : 'pglite';
  const open = async () => {
    const release = fresh.url ? () => {} : acquireDataDirLock(dataDir);
    try {
      const database = await openDatabase({
        databaseUrl: fresh.url,
        dataDir,
        poolSize: 2,
      });
      const { recovery } = await prepareDatabase(database, { demoSeed: false });
      return {
        database,
        recovery,
        close: async () => {
          await database.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  };
  return {
    engine,
    dataDir,
    ...(fresh.url ? { databaseUrl: fresh.url } : {}),
    secretKey: crypto.randomBytes(32).toString('hex'),
    open,
    remove: async () => {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process has ended. */
  exited: Promise<Exit>;
  /** Sends a signal and waits for the process to end. */
  kill: (signal: NodeJS.Signals) => Promise<Exit>;
};

export type StartOptions = {
  store: Pick<ServerStore, 'dataDir' | 'databaseUrl' | 'secretKey'>;
  port?: number;
  env?: Record<string, string>;
  /** Node's own flags, such as the heap cap `npm start` sets (`startSettings()`). */
  nodeFlags?: string[];
  /** How long start-up may take before the test fails. */
  readyWithinMs?: number;
};

/**
 * Starts the real server (the production bundle, see server-bundle.ts) as a child process and resolves
 * once `/healthz` answers 200.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), bundledEntry('server.js')], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.store.dataDir,
      DATABASE_URL: options.store.databaseUrl ?? '',
      SECRET_KEY: options.store.secretKey,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(options.store.dataDir, 'no-web-build'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    port,
    url,
    output: () => output,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  const deadline = Date.now() + (options.readyWithinMs ?? 90_000);
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill('SIGKILL');
  throw new Error(`The server did not answer /healthz in time:\n${output}`);
}

/**
 * What `npm start` gives the production server (apps/api's start script) besides the bundle: its
 * environment (the memory allocator's settings) and Node's flags (V8's heap cap and young
 * generation, the collector that uploads call), so that a test runs the server under the same
 * conditions.
 */
export function startSettings(): { env: Record<string, string>; nodeFlags: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const env = Object.fromEntries(
    words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('=', 2)),
  ) as Record<string, string>;
  return { env, nodeFlags: words.filter((word) => word.startsWith('--')) };
}

/** The largest resident set of a running process so far (VmHWM), in MiB. */
export function peakMemoryMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** Signs a retailer's user in over HTTP and answers the Bearer token. */
export async function signInOver(
  url: string,
  user: { accountNo: string; username: string; password: string },
): Promise<string> {
  const response = await fetch(`${url}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountno: user.accountNo,
      username: user.username,
      password: user.password,
    }),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (response.status !== 200 || !body.data) throw new Error(`sign-in failed: ${response.status}`);
  return body.data.token;
}
