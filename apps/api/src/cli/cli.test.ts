import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, makeBarcode } from '@taxfree/domain';
import { bundledEntry } from '../../test/support/server-bundle.ts';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-cli-'));
const port = 18_000 + Math.floor(Math.random() * 2_000);
// These tests drive the embedded database; the PostgreSQL run covers the CLI in its own test.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};

function run(args: string[], extraEnv: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundledEntry('cli.js'), ...args], {
      cwd: apiDir,
      env: { ...env, ...extraEnv },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function startServer(extraEnv: Record<string, string> = {}): {
  child: ChildProcess;
  output: () => string;
} {
  const child = spawn(process.execPath, [bundledEntry('server.js')], {
    cwd: apiDir,
    env: { ...env, ...extraEnv },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function waitHealthy() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const signIn = (accountno: string, username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountno, username, password }),
  });

let server: ReturnType<typeof startServer>;

beforeAll(async () => {
  server = startServer();
  await waitHealthy();
}, 120_000);

afterAll(() => {
  server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each command is a process of its own that loads the sources: on a busy two-core machine a
// test of several commands takes a minute or two.
describe("operators' command line", { timeout: 180_000 }, () => {
  it('prints help and refuses unknown options with exit code 2', async () => {
    const help = await run(['retailer:create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--account-no');
    expect(help.stdout).toContain('--legal-name');
    expect(help.stdout).toContain('--address');
    expect(help.stdout).toContain('--vat-number');
    const stageHelp = await run(['form:stage', '--help']);
    expect(stageHelp.code).toBe(0);
    for (const flag of [
      '--export-date',
      '--customs-office',
      '--record-number',
      '--refund-date',
      '--paid-amount',
      '--paid-method',
    ]) {
      expect(stageHelp.stdout).toContain(flag);
    }
    const bad = await run(['form:stage', '--account-no', '100100']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/required option/);
  });

  it('works while the server holds the embedded database', async () => {
    const second = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const s = startServer({ PORT: String(port + 1) });
      s.child.on('exit', (code) => resolve({ code, text: s.output() }));
    });
    expect(second.code).toBe(1);
    expect(second.text).toMatch(/in use by another server process/);

    const created = await run([
      'retailer:create',
      '--account-no',
      '300300',
      '--username',
      'marko',
      '--password',
      'first-pass-1',
      '--company',
      'Galerija Split d.o.o.',
      '--branch',
      'Riva',
      '--country',
      'hr',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created retailer 300300/);
    const login = await signIn('300300', 'marko', 'first-pass-1');
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { firstLogin: number } }).data.firstLogin).toBe(1);

    const duplicate = await run([
      'retailer:create',
      '--account-no',
      '300300',
      '--username',
      'x',
      '--password',
      'first-pass-1',
      '--company',
      'X',
      '--branch',
      'Y',
      '--country',
      'HR',
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already taken/);

    // The demo's first form, issued today in Zagreb.
    const barcode = makeBarcode(1, 1);
    const validate = (...details: string[]) =>
      run([
        'form:stage',
        '--account-no',
        '100100',
        '--barcode',
        barcode,
        '--stage',
        'FORM_VALIDATED',
        ...details,
      ]);
    const stamp = [
      '--export-date',
      dayIn('Europe/Zagreb'),
      '--customs-office',
      'Carinska ispostava Bajakovo',
    ];
    const unstamped = await validate(...stamp);
    expect(unstamped.code).toBe(1);
    expect(unstamped.stderr).toContain(
      `Error: Form ${barcode} cannot move to FORM_VALIDATED: Customs record number is required (--record-number).`,
    );
    const staged = await validate(...stamp, '--record-number', 'HR-2026-000042');
    expect(staged.stderr).toBe('');
    expect(staged.code).toBe(0);
    expect(staged.stdout).toContain(
      `Form ${barcode} moved from FORM_SUBMITTED to FORM_VALIDATED. Exported on ${dayIn('Europe/Zagreb')} through Carinska ispostava Bajakovo, customs record number HR-2026-000042.`,
    );
    const backwards = await validate(...stamp, '--record-number', 'HR-2026-000042');
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toMatch(/only move forward/);
  });

  it('adds a branch and a clerk in it, who signs in as a clerk; an unknown role is refused', async () => {
    const branch = await run(['branch:create', '--account-no', '300300', '--name', 'Bačvice']);
    expect(branch.stderr).toBe('');
    expect(branch.code).toBe(0);
    const staff = [
      'user:create',
      '--account-no',
      '300300',
      '--username',
      'ivana',
      '--password',
      'salt-and-pepper-77',
      '--branch',
      'Bačvice',
    ];
    const unknownRole = await run([...staff, '--role', 'owner']);
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.stderr).toMatch(/Unknown role owner/);
    expect((await signIn('300300', 'ivana', 'salt-and-pepper-77')).status).toBe(401);

    const clerk = await run([...staff, '--role', 'clerk', '--name', 'Ivana Šimić']);
    expect(clerk.stderr).toBe('');
    expect(clerk.code).toBe(0);
    const login = await signIn('300300', 'ivana', 'salt-and-pepper-77');
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { role: string; firstLogin: number } };
    expect(data).toMatchObject({ role: 'clerk', firstLogin: 1 });
  });

  it("takes the company's legal identity, the VAT number checked by its country's rule", async () => {
    const create = (accountNo: string, country: string, ...identity: string[]) =>
      run([
        'retailer:create',
        '--account-no',
        accountNo,
        '--username',
        'ana',
        '--password',
        'first-pass-1',
        '--company',
        'Kalemegdan',
        '--branch',
        'Knez Mihailova',
        '--country',
        country,
        ...identity,
      ]);
    const wrong = await create('300310', 'SI', '--vat-number', '12345678');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'Error: Not a VAT number of SI (12345678): This is not a valid Slovenian VAT number: 8 digits, the last one a check digit (SI in front is optional).',
    );
    const empty = await create('300311', 'RS', '--address', ' ');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('The address must not be empty.');

    const complete = await create(
      '300312',
      'RS',
      '--legal-name',
      'Kalemegdan Trgovina d.o.o.',
      '--address',
      'Knez Mihailova 10, 11000 Beograd',
      '--vat-number',
      'RS 104-708-953',
    );
    expect(complete.stderr).toBe('');
    expect(complete.code).toBe(0);
    expect(complete.stdout).toMatch(/Created retailer 300312/);
    expect(complete.stdout).not.toMatch(/issues no form/);

    const partial = await create('300313', 'BA');
    expect(partial.code).toBe(0);
    expect(partial.stdout).toContain(
      'It issues no form until its address and VAT number are filled in under Shop information.',
    );
  });

  it('works on the same data after the server stops', async () => {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const stage = (to: string, ...details: string[]) =>
      run([
        'form:stage',
        '--account-no',
        '100100',
        '--barcode',
        makeBarcode(1, 1),
        '--stage',
        to,
        ...details,
      ]);
    const paidToday = ['--refund-date', dayIn('Europe/Zagreb')];
    // One stage at a time: received back before paid out.
    const skipped = await stage('FORM_REFUNDED', ...paidToday);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toMatch(/one stage at a time, not straight to FORM_REFUNDED/);
    expect((await stage('FORM_COLLECTED')).code).toBe(0);
    const tooMuch = await stage('FORM_REFUNDED', ...paidToday, '--paid-amount', '100000');
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(
      /The amount paid cannot be more than the refund on the form \(\d+\.\d\d EUR\) \(--paid-amount\)/,
    );
    // By default the form's refund, by its refund method (the demo's first form: a card).
    const paid = await stage('FORM_REFUNDED', ...paidToday);
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.stdout).toMatch(
      new RegExp(
        `FORM_COLLECTED to FORM_REFUNDED\\. Paid \\d+\\.\\d\\d EUR by Credit/Debit Card on ${dayIn('Europe/Zagreb')}\\.`,
      ),
    );
    const reset = await run([
      'user:reset-password',
      '--account-no',
      '300300',
      '--username',
      'MARKO',
      '--password',
      'short',
    ]);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toMatch(/8 to 128 characters/);
    const ok = await run([
      'user:reset-password',
      '--account-no',
      '300300',
      '--username',
      'MARKO',
      '--password',
      'operator-set-1',
    ]);
    expect(ok.code).toBe(0);

    server = startServer();
    await waitHealthy();
    const login = await signIn('300300', 'marko', 'operator-set-1');
    expect(((await login.json()) as { data: { firstLogin: number } }).data.firstLogin).toBe(1);
  });
});
