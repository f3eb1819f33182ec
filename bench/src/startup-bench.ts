import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server-process.ts';
import { DEMO_SIGN_IN } from './sign-in.ts';

/**
 * Start-up and sign-in figures on the embedded database, written to `startup.json`:
 * - time from process start to /healthz answering, on an empty folder (migrations + demo seed) and again;
 * - sign-in latency (argon2id check plus session), sequential.
 */
export async function runStartup(options: { out: string; port: number }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-bench-'));
  const env = { DATA_DIR: dataDir, PORT: String(options.port), DATABASE_URL: '' };
  const results: Record<string, number> = {};

  const cold = await startServer(env);
  results.startFirstRunMs = cold.readyMs;
  await cold.stop();

  const warmRuns: number[] = [];
  let server = await startServer(env);
  warmRuns.push(server.readyMs);
  for (let i = 0; i < 2; i += 1) {
    await server.stop();
    server = await startServer(env);
    warmRuns.push(server.readyMs);
  }
  results.startMedianMs = warmRuns.sort((a, b) => a - b)[1]!;

  const latencies: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const t = performance.now();
    const response = await fetch(`${server.url}/api/v2/authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: DEMO_SIGN_IN,
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  results.loginP50Ms = latencies[Math.floor(latencies.length * 0.5)]!;
  results.loginP95Ms = latencies[Math.floor(latencies.length * 0.95)]!;
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.table(
    Object.fromEntries(Object.entries(results).map(([k, v]) => [k, Math.round(v * 10) / 10])),
  );
  fs.mkdirSync(options.out, { recursive: true });
  const out = path.join(options.out, 'startup.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
  );
  console.log(`written to ${out}`);
}
