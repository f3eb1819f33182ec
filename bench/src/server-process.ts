import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const apiDir = path.resolve(import.meta.dirname, '../../apps/api');

export type RunningServer = { child: ChildProcess; url: string; stop: () => Promise<void> };

/** Starts the real server and resolves once /healthz answers, with the time that took. */
export async function startServer(
  env: Record<string, string>,
): Promise<RunningServer & { readyMs: number }> {
  const port = env.PORT ?? '18480';
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORT: port, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
