import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function run(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: t.dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("operators' command line on PostgreSQL", () => {
  it('creates a retailer that the running server signs in at once', async () => {
    const created = await run([
      'retailer:create',
      '--account-no',
      '400400',
      '--username',
      'jelena',
      '--password',
      'first-pass-1',
      '--company',
      'Beogradski Butik d.o.o.',
      '--branch',
      'Knez Mihailova',
      '--country',
      'RS',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: '400400', username: 'jelena', password: 'first-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      firstLogin: 1,
      ushopSetting: 'false',
      retailerInfo: { country: 'RS' },
    });

    const unknown = await run([
      'user:reset-password',
      '--account-no',
      '400400',
      '--username',
      'nobody',
      '--password',
      'whatever-1',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No user nobody/);
  });
});
