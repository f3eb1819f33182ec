import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../apps/api');

export const DEMO = { accountNo: '100100', username: 'demo', password: 'demo1234' } as const;

export type Account = { accountNo: string; username: string; password: string; email: string };

/** A retailer of its own for a journey that changes passwords, made with the operators' CLI. */
export async function createRetailer(): Promise<Account> {
  const suffix = crypto.randomInt(100_000, 999_999);
  const account = {
    accountNo: String(500_000 + (suffix % 400_000)),
    username: `clerk${suffix}`,
    password: `first-${suffix}`,
    email: `clerk${suffix}@shop.example`,
  };
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/index.ts',
      'retailer:create',
      '--account-no',
      account.accountNo,
      '--username',
      account.username,
      '--password',
      account.password,
      '--email',
      account.email,
      '--company',
      `Shop ${suffix}`,
      '--branch',
      'Centre',
      '--country',
      'HR',
    ],
    { cwd: apiDir, env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' } },
  );
  return account;
}

/**
 * Switches settings of a retailer with the operators' CLI (`settings:set`), e.g.
 * `general.multiple_invoice_required=1`, `taxFree.products_in_tfs_form=1`, `company.ushopSetting=false`.
 */
export async function setSettings(accountNo: string, ...assignments: string[]): Promise<void> {
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/index.ts',
      'settings:set',
      '--account-no',
      accountNo,
      ...assignments.flatMap((assignment) => ['--set', assignment]),
    ],
    { cwd: apiDir, env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' } },
  );
}

/**
 * Signs in a user made by `createRetailer()`: the first login asks for a new password, which this
 * sets (the account's password is updated), then the refund form list shows.
 */
export async function signInFirstTime(page: Page, account: Account): Promise<Account> {
  await signIn(page, account);
  await expect(page).toHaveURL(/#\/changePassword$/);
  const password = `own-${account.password}`;
  await page.getByLabel('Old password').fill(account.password);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Forms' })).toBeVisible();
  account.password = password;
  return account;
}

/** The reset link of the newest e-mail to an address, from the server's outbox. */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      // Undo quoted-printable soft breaks and '=' escapes before looking for the link.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
      const link = /https?:\/\/[^\s"<>]+#\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No reset e-mail for ${email}`);
}

export async function signIn(
  page: Page,
  account: Pick<Account, 'accountNo' | 'username' | 'password'>,
) {
  await page.goto('/#/login');
  await page.getByLabel(/account no/i).fill(account.accountNo);
  await page.getByLabel(/username/i).fill(account.username);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: /user menu|welcome/i })).toBeVisible();
}

/**
 * Serious and critical accessibility violations fail the journey; each names the rule and the
 * elements. Waits for transitions to end first: a menu or drawer half faded in would be judged
 * on colours it does not have.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { within?: string } = {},
) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const builder = new AxeBuilder({ page });
  if (options.within) builder.include(options.within);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(blocking).toEqual([]);
}
