import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const apiDir = path.resolve(import.meta.dirname, '../../apps/api');

// A benchmark that fails half-way must not leave its servers running.
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export type RunningServer = {
  child: ChildProcess;
  /** The server's own process (node itself, not a shell), for its memory figures. */
  pid: number;
  url: string;
  readyMs: number;
  stop: () => Promise<void>;
};

/**
 * The environment and arguments `npm start` gives node (the `start` script of
 * apps/api/package.json): the production bundle with its flags, read from there so the figures are
 * always those of production.
 */
function startScript(): { env: Record<string, string>; args: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=', 2) as [string, string];
    env[name] = value;
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`apps/api's start script is not node: ${command}`);
  return { env, args };
}

export const SERVER_START = startScript();

/** Starts node with `args` and resolves once its /healthz answers. */
export async function startNodeServer(options: {
  args: string[];
  cwd: string;
  port: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: options.port, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`node ${options.args.join(' ')} exited during start-up`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    pid: child.pid!,
    url,
    readyMs: performance.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the real server (apps/api) with `env` and resolves once /healthz answers. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startNodeServer({
    args: SERVER_START.args,
    cwd: apiDir,
    port: env.PORT ?? '18480',
    env: { ...SERVER_START.env, LOG_LEVEL: 'warn', ...env },
  });
}

/** Starts the bare Fastify process of the framework ceiling. */
export function startBareFastify(port: string): Promise<RunningServer> {
  return startNodeServer({
    args: ['--import', 'tsx', 'src/bare-fastify.ts'],
    cwd: path.resolve(import.meta.dirname, '..'),
    port,
  });
}

/**
 * Starts the minimal Fastify + database process of the data ceiling (minimal-server.ts); `env`
 * names its tenant and its database.
 */
export function startMinimalServer(
  port: string,
  env: Record<string, string>,
): Promise<RunningServer> {
  return startNodeServer({
    args: ['--import', 'tsx', 'src/minimal-server.ts'],
    cwd: path.resolve(import.meta.dirname, '..'),
    port,
    env,
  });
}
