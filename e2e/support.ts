import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { E2E_DATA_DIR } from './playwright.config.ts';
import { dayIn } from '@taxfree/domain';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../apps/api');
/** The operators' commands of the build the server runs (`npm run test:e2e` builds it first). */
const CLI = 'dist/cli.js';

export const DEMO = { accountNo: '100100', username: 'demo', password: 'demo1234' } as const;

/**
 * The time zone of the demo retailer and of the retailers `createRetailer()` makes by default
 * (Croatian shops): the server counts the shop's days in it, whatever the zone of this machine or
 * browser.
 */
export const SHOP_TIME_ZONE = 'Europe/Zagreb';

/** The calendar day (yyyy-mm-dd) in a time zone at an instant: the domain's rule, as the server reads it. */
export { dayIn };

/**
 * A day (yyyy-mm-dd) as the portal shows it and a clerk types it in English: day first, as en-GB
 * writes it (27/11/2026), whatever the browser's language.
 */
export function englishDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export type Account = { accountNo: string; username: string; password: string; email: string };

/** A registered address and a VAT number (its check digit right) in each country the portal serves. */
const LEGAL_IDENTITIES: Record<string, { address: string; vatNumber: string }> = {
  HR: { address: 'Ilica 12, 10000 Zagreb', vatNumber: 'HR69435151530' },
  SI: { address: 'Čopova ulica 5, 1000 Ljubljana', vatNumber: 'SI58347887' },
  RS: { address: 'Knez Mihailova 10, 11000 Beograd', vatNumber: '104708953' },
  BA: { address: 'Ferhadija 7, 71000 Sarajevo', vatNumber: '200123450009' },
};

/**
 * A retailer of its own for a journey that changes passwords or needs a shop in another country
 * (ISO 3166-1 alpha-2, one the portal serves), made with the operators' CLI. Its company has a
 * legal identity valid in its country, so it may issue forms, unless `legalIdentity` is false:
 * then it has only its legal name (the company's name), and issues no form until it fills in the
 * rest under Shop information.
 */
export async function createRetailer(
  country = 'HR',
  options: { legalIdentity?: boolean } = {},
): Promise<Account> {
  const suffix = crypto.randomInt(100_000, 999_999);
  const identity = options.legalIdentity === false ? undefined : LEGAL_IDENTITIES[country];
  const account = {
    accountNo: String(500_000 + (suffix % 400_000)),
    username: `clerk${suffix}`,
    password: `Counter-${suffix}-first`,
    email: `clerk${suffix}@shop.example`,
  };
  await run(
    process.execPath,
    [
      CLI,
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
      country,
      ...(identity
        ? [
            '--legal-name',
            `Shop ${suffix} d.o.o.`,
            '--address',
            identity.address,
            '--vat-number',
            identity.vatNumber,
          ]
        : []),
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
      CLI,
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

export type Language = 'en' | 'hr';
type Catalogue = { [key: string]: string | Catalogue };

/**
 * The interface's own words in one language, from the shared catalogues, so a journey can run in
 * any language: `t('issueForm.fields.name')`, `t('refundForms.hint', { shown: 5, count: 9 })`;
 * the fields' messages with `words(language, 'validation')`.
 */
export function words(language: Language, namespace: 'common' | 'validation' = 'common') {
  const read = (file: string) =>
    JSON.parse(
      fs.readFileSync(
        path.resolve(
          import.meta.dirname,
          `../packages/domain/src/i18n/locales/${language}/${file}.json`,
        ),
        'utf8',
      ),
    ) as Catalogue;
  // `common` is written in two files: start.json (what the login page loads first) and common.json.
  const catalogue: Catalogue =
    namespace === 'common' ? { ...read('start'), ...read('common') } : read(namespace);
  return (key: string, values: Record<string, string | number> = {}): string => {
    const lookup = (k: string) =>
      k
        .split('.')
        .reduce<string | Catalogue | undefined>(
          (node, part) => (typeof node === 'object' ? node[part] : undefined),
          catalogue,
        );
    const found = lookup(key) ?? lookup(`${key}_other`);
    if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** An accessible name that begins with `text`, taken literally. */
export function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * A field's accessible name: `text`, taken literally, then no further word (a required mark or a
 * hint may follow). "Address" is not "Address of the freight forwarder".
 */
export function labelled(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\s*\\p{L})`, 'u');
}

/** Opens every page of the journey in `language`, as a user who picked it before would. */
export async function preferLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    if (!localStorage.getItem('vue-lang')) localStorage.setItem('vue-lang', chosen);
  }, language);
}

/** Signs in through the login form in whatever language it shows, and waits for the list. */
export async function signInTo(
  page: Page,
  account: Pick<Account, 'accountNo' | 'username' | 'password'> = DEMO,
) {
  await page.goto('/#/login');
  await page.locator('input[name="accountno"]').fill(account.accountNo);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  // The first screen after the login loads the signed-in code: slow on a busy machine.
  await expect(page).toHaveURL(/#\/$/, { timeout: 30_000 });
  await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
}

export type ApiSession = {
  token: string;
  companyId: number;
  branchId: number;
  userId: number;
  /** `/api/v2/companies/{companyId}/retailers/{branchId}` */
  branchPath: string;
  headers: Record<string, string>;
};

/** Signs in through the API (`POST /api/v2/authorization`), as a script at the counter would. */
export async function apiSignIn(
  request: APIRequestContext,
  account: Pick<Account, 'accountNo' | 'username' | 'password'> = DEMO,
): Promise<ApiSession> {
  const response = await request.post('/api/v2/authorization', {
    data: {
      username: account.username,
      password: account.password,
      accountno: account.accountNo,
      apptype: 'WEB',
      environment: 'Production',
      deviceuid: `e2e-${crypto.randomUUID()}`,
      isRetailerWebPortal: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as {
    data: {
      token: string;
      company_id: number;
      user_id: number;
      retailerInfo: { retailer_branch_id: number };
    };
  };
  const branchId = data.retailerInfo.retailer_branch_id;
  return {
    token: data.token,
    companyId: data.company_id,
    branchId,
    userId: data.user_id,
    branchPath: `/api/v2/companies/${data.company_id}/retailers/${branchId}`,
    headers: { Authorization: `Bearer ${data.token}` },
  };
}

/** The demo company's second branch, which the journeys reading the first branch's list never meet. */
export const SECOND_BRANCH = 'Jadran Moda – Riva Split';

/** The company's branches, through the API: each one's id and name. */
export async function listBranches(request: APIRequestContext, session: ApiSession) {
  const response = await request.get(`/api/v2/companies/${session.companyId}/retailers`, {
    headers: session.headers,
  });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as { data: { retailer_branch_id: number; branch_name: string }[] }
  ).data;
}

/** One listed form of the branch (the fields a journey picks a form by). */
export type ListedForm = {
  id: number;
  barcode: string;
  status: string;
  cancelled: string;
  ilr: number;
};

/** The branch's newest forms, through the API. */
export async function listForms(
  request: APIRequestContext,
  session: ApiSession,
  search = '',
): Promise<ListedForm[]> {
  const response = await request.get(
    `${session.branchPath}/taxforms?perPage=100&page=1&search=${encodeURIComponent(search)}`,
    { headers: session.headers },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ListedForm[] }).data;
}

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe.run() in the page itself, its violations only (what the journeys judge). The app has no
 * frames, so axe goes into the page once per document and stays there while the hash routes
 * change screens: @axe-core/playwright evaluated its half-megabyte source twice per check and
 * kept every passing node in its results, most of each check's time on a busy machine.
 */
async function runAxe(page: Page, within?: string): Promise<AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (context) =>
      (
        window as unknown as {
          axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
        }
      ).axe.run(context ?? document, { resultTypes: ['violations'] }),
    within ?? null,
  );
}

/** Elements on which one axe rule is known to be wrong, and why. */
export type AxeExemption = { rule: string; selector: string; why: string };

/** Exemptions that hold on every screen. */
const EXEMPT_EVERYWHERE: AxeExemption[] = [
  {
    rule: 'scrollable-region-focusable',
    // A long select list (the countries) scrolls inside its dropdown.
    selector: '[role="listbox"] .mantine-ScrollArea-viewport',
    why:
      'The ARIA combobox pattern keeps the focus in the input: the arrow keys move through the ' +
      'options and scroll the highlighted one into view, so the list is fully usable from the ' +
      'keyboard and must not become a tab stop of its own.',
  },
];

/**
 * Every accessibility violation, whatever its impact, fails the journey; each names the rule and the
 * elements. Waits for transitions to end first: a menu or drawer half faded in would be judged on
 * colours it does not have. `within` narrows the check to a part of the page that changed since
 * the whole page was checked; `exempt` lifts one rule from the elements matching a selector, never
 * a rule from the whole page.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { within?: string; exempt?: AxeExemption[] } = {},
) {
  let failures = await accessibilityFailures(page, what, options);
  // A toast or panel that began to come or go while axe read the page was judged on colours it
  // has only for a moment: what a second look, once it has settled, still finds is real.
  if (failures.length > 0) {
    await page.waitForTimeout(500);
    failures = await accessibilityFailures(page, what, options);
  }
  expect(failures).toEqual([]);
}

async function accessibilityFailures(
  page: Page,
  what: string,
  options: { within?: string; exempt?: AxeExemption[] },
): Promise<string[]> {
  // A spinner turns for ever; every other animation and transition comes to an end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await runAxe(page, options.within);
  const exempt = [...EXEMPT_EVERYWHERE, ...(options.exempt ?? [])];
  const failures: string[] = [];
  for (const violation of results.violations) {
    const targets: string[] = [];
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      const selectors = exempt.filter((e) => e.rule === violation.id).map((e) => e.selector);
      const isExempt =
        selectors.length > 0 &&
        (await page.evaluate(
          ([t, list]) => list.some((s) => document.querySelector(t)?.matches(s) === true),
          [target, selectors] as const,
        ));
      // What axe measured (a contrast's colours and ratio), for the one who reads the failure.
      const measured = node.any[0]?.message;
      if (!isExempt) targets.push(measured ? `${target} (${measured})` : target);
    }
    if (targets.length > 0) {
      failures.push(
        `${what}: ${violation.id} (${violation.impact ?? 'unknown'}) on ${targets.join(', ')}`,
      );
    }
  }
  return failures;
}

/** The taxform fields of an issue call (SPEC 7), as the issue drawer sends them. */
export type TaxformFields = Record<string, string | number | null>;

/**
 * An issue call's body: one invoice of 125.00 gross at 25 % VAT (refund 25.00) sold today in the
 * shop, a cash refund carried by the traveller unless `taxform` says otherwise.
 */
export function issuePayload(taxform: TaxformFields, invoiceReference = '') {
  const today = dayIn(SHOP_TIME_ZONE);
  return {
    taxform: {
      traveler_name: 'Ana',
      traveler_surname: 'Traveller',
      traveler_email: '',
      traveler_mobile: '+381 64 1234567',
      passport: `P${Date.now()}`,
      issued_govt: 42,
      nationality: 42,
      traveler_dob: '',
      traveler_postcode: '',
      traveler_address: 'Knez Mihailova 1, Beograd',
      items: 'Coat',
      date_arrived: '',
      date_leaving: '',
      country_final: null,
      date_of_sales: today,
      invoice_date: '',
      method_of_shipment: 'Carried by the traveller',
      freight_forward_name: '',
      freight_forward_address: '',
      method_of_refund: 'option5',
      acc_details: '',
      email_or_mobile: '',
      iban: '',
      swift: '',
      bank_name: '',
      bank_address: '',
      invoice_reference_number: '',
      no_auto_calculation: 0,
      ...taxform,
    },
    invoice: [
      {
        invoice_date: today,
        invoice_reference_number: invoiceReference,
        customer_refund: 25,
        gross_sales_price: 125,
        refund_amount: 25,
        vat_amount: 25,
        vat_product_rate: 25,
        breakdown: [
          {
            vat_product_rate: 25,
            net_sales_amount: 100,
            vat_amount: 25,
            gross_sales_price: 125,
            customer_refund: 25,
          },
        ],
      },
    ],
    products: [],
  };
}

/**
 * The issue panel once a form is saved: the result with the form's number and verification code
 * to read out (in English; `issued` false for an update). Answers the number on screen.
 */
export async function expectSaved(drawer: Locator, issued = true): Promise<string> {
  await expect(
    drawer.getByRole('heading', { name: issued ? 'Form issued' : 'Form updated' }),
  ).toBeVisible();
  await expect(drawer.getByLabel('Verification code')).toHaveText(/^[0-9A-Z]{6}$/);
  return (await drawer.getByLabel('Form number').textContent()) ?? '';
}

/**
 * Hands over the printed form that an issue opens, at once, in a tab of its own in front of the
 * portal's: waits for the tab to show the PDF, closes it and brings the portal's tab back to front,
 * as a clerk would. A tab behind another draws no frames, so its panel would not close. `printed`
 * is `context.waitForEvent('page')`, begun before the click that issues.
 */
export async function handOverPrintedForm(page: Page, printed: Promise<Page>) {
  const tab = await printed;
  await tab.waitForURL(/\/uploads\/electronic\/[^/]+\.pdf$/);
  await tab.close();
  await page.bringToFront();
}

/**
 * With `E2E_SCREENSHOTS=1`, keeps what the page shows as `docs/screenshots/<name>.png`: the
 * README's and the docs' pictures come from the journeys, in the real browser against the real
 * server.
 */
export async function snapshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const folder = path.resolve(import.meta.dirname, '../docs/screenshots');
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/**
 * Waits for a success toast that `action` brings. The toast lasts a second (SPEC 9): waiting starts
 * before the action, in the page, so that a busy machine cannot miss it between two looks.
 */
export async function expectToastAfter(page: Page, text: string, action: () => Promise<unknown>) {
  const shown = page.getByText(text).waitFor({ state: 'visible', timeout: 30_000 });
  await action();
  await shown;
}
