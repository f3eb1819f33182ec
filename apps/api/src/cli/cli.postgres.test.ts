import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
} from '../../test/support/factories.ts';
import { bundledEntry } from '../../test/support/server-bundle.ts';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function run(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundledEntry('cli.js'), ...args], {
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

  it("moves a form through customs validation and payout, and resets a user's password", async () => {
    const shop = await createRetailerFixture(t.database.db);
    const token = await login(t.app, shop);
    const base = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`;
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/issue`,
      headers: { ...bearer(token), 'idempotency-key': 'cli-pg-stage-1' },
      payload: issuePayload(),
    });
    const { id, barcode } = issued.json<{ data: { id: number; barcode: string } }>().data;
    const stage = (to: string, ...details: string[]) =>
      run([
        'form:stage',
        '--account-no',
        shop.accountNo,
        '--barcode',
        barcode,
        '--stage',
        to,
        ...details,
      ]);
    const today = dayIn(shop.timeZone);

    const misplaced = await stage('FORM_VALIDATED', '--paid-amount', '5', '--record-number', 'R1');
    expect(misplaced.code).toBe(1);
    expect(misplaced.stderr).toContain(
      'Error: --paid-amount goes with FORM_REFUNDED, not FORM_VALIDATED.',
    );
    const badDate = await stage(
      'FORM_VALIDATED',
      '--export-date',
      '2026-02-30',
      '--customs-office',
      'Carinska ispostava Zračna luka Split',
      '--record-number',
      'HR-2026-7',
    );
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('Please enter a valid date (--export-date)');
    const validated = await stage(
      'FORM_VALIDATED',
      '--export-date',
      today,
      '--customs-office',
      'Carinska ispostava Zračna luka Split',
      '--record-number',
      'HR-2026-7',
    );
    expect(validated.stderr).toBe('');
    expect(validated.stdout).toMatch(/FORM_SUBMITTED to FORM_VALIDATED/);
    const skipped = await stage('FORM_REFUNDED', '--refund-date', today);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toMatch(/one stage at a time/);
    expect((await stage('FORM_COLLECTED')).code).toBe(0);
    const paid = await stage(
      'FORM_REFUNDED',
      '--refund-date',
      today,
      '--paid-amount',
      '25.00',
      '--paid-method',
      'option5',
    );
    expect(paid.stderr).toBe('');
    expect(paid.stdout).toContain(`Paid 25.00 EUR by Cash on ${today}.`);
    const stat = await t.app.inject({ url: `${base}/stat/${id}`, headers: bearer(token) });
    expect(stat.json().data.stages).toEqual([
      expect.objectContaining({ stage: 'FORM_SUBMITTED', source: 'portal' }),
      expect.objectContaining({
        stage: 'FORM_VALIDATED',
        source: 'operator',
        export_date: today,
        customs_office: 'Carinska ispostava Zračna luka Split',
        customs_record_number: 'HR-2026-7',
      }),
      expect.objectContaining({ stage: 'FORM_COLLECTED', source: 'operator' }),
      expect.objectContaining({
        stage: 'FORM_REFUNDED',
        source: 'operator',
        refund_date: today,
        paid_amount: 25,
        paid_method: 'option5',
      }),
    ]);

    const reset = await run([
      'user:reset-password',
      '--account-no',
      shop.accountNo,
      '--username',
      shop.username,
      '--password',
      'operator-set-2',
    ]);
    expect(reset.code).toBe(0);
    // Every session of the user ends, and the new password must be changed at sign-in.
    expect((await t.app.inject({ url: base, headers: bearer(token) })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: shop.username, password: 'operator-set-2' },
    });
    expect(signIn.json<{ data: { firstLogin: number } }>().data.firstLogin).toBe(1);
    // Each command is a process of its own: give them time on a busy machine.
  }, 120_000);
});
