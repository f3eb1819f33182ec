import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The newest PostgreSQL installed the Debian way, under /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0], 'bin');
}

export type PrivateCluster = {
  port: number;
  /** A database of the cluster, for the server under test. */
  url: string;
  start: () => Promise<void>;
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  remove: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own, on a free port with its data and socket in a temporary
 * folder, that the test may stop and start at will. PostgreSQL refuses to run as root: as root
 * its commands run as the `postgres` user.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgCommand = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: root })
      : run(path.join(bin, command), args, { cwd: root });

  await pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=off',
  ].join(' ');
  const start = async () => {
    await pgCommand('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(root, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await pgCommand('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('CREATE DATABASE tfr');
  await admin.end();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/tfr`,
    start,
    stop,
    remove: async () => {
      await stop('immediate').catch(() => {});
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export type BlackholeProxy = {
  port: number;
  /** From now on nothing passes either way, and new connections are held unanswered. */
  swallow: () => void;
  /** Everything held passes again. */
  release: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP proxy to a database that can turn into a black hole: connections are still accepted
 * but nothing comes back, as when a network path or a frozen server drops every packet.
 */
export async function startBlackholeProxy(target: number): Promise<BlackholeProxy> {
  let swallowing = false;
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();
  const connectUpstream = (pair: { client: net.Socket; upstream?: net.Socket }) => {
    const upstream = net.connect(target, '127.0.0.1');
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    pair.client.resume();
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };
  const server = net.createServer((client) => {
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (swallowing) client.pause();
    else connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    swallow: () => {
      swallowing = true;
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    release: () => {
      swallowing = false;
      for (const pair of pairs) {
        if (!pair.upstream) {
          connectUpstream(pair);
          continue;
        }
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
        pair.client.resume();
        pair.upstream.resume();
      }
    },
    close: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
