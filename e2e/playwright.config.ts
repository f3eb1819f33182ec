import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_080);
/** One data folder per run, known to every worker (they read the e-mail outbox from it). */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `tfr-e2e-${E2E_PORT}`);
const apiDir = path.resolve(import.meta.dirname, '../apps/api');
/** The API's `npm start` command (its package.json), run directly so stopping it stops the server. */
const { scripts } = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as {
  scripts: { start: string };
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // The journeys wait on the page as much as they compute: two workers kept one of two cores busy
  // (the full run in 323 s), three keep more of both (283 s); four contend (306 s).
  workers: 3,
  retries: 0,
  // Generous: two cores run the server, Chromium and three workers at once, and the longest journeys
  // (a shop of its own, then four panels) take 25 s on a quiet machine.
  timeout: 90_000,
  // A lazily loaded panel is parsed on a core the server and the other worker share.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    locale: 'en-GB',
    // Recording a trace costs a third of the run's time on two cores: a failure keeps its
    // screenshot, and `--trace retain-on-failure` records traces when one is to be followed.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The production build served by the real server on a fresh embedded database.
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && ${scripts.start}`,
    cwd: apiDir,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      // The webhook journey's receiver listens on this machine's loopback, which a real server
      // refuses to send to.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
