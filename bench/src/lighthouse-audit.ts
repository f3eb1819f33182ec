import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { defaultConfig, desktopConfig, type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type Account, type RouteToMeasure } from './web-size.ts';

export type FailedAudit = {
  category: string;
  id: string;
  title: string;
  score: number | null;
  /** The audit's weight in its category: 0 means it is reported but costs no points. */
  weight: number;
  displayValue?: string;
  /** Where it happens: the element, the console message or the resource, as Lighthouse names it. */
  where: string[];
};

export type AuditFigures = {
  /** Lighthouse's measure of how fast this machine ran (a busy machine scores low). */
  benchmarkIndex: number;
  /** How many times slower the simulated phone's processor is than this machine's. */
  cpuSlowdown: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: Record<string, string>;
  failedAudits: FailedAudit[];
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

type Item = Record<string, unknown> & {
  node?: { selector?: string; snippet?: string; explanation?: string };
  sourceLocation?: { url?: string; line?: number; column?: number };
};

/** One line per place an audit names, so a failure can be found in the app. */
function places(audit: Result['audits'][string] | undefined): string[] {
  const details = audit?.details as { items?: Item[] } | undefined;
  return (details?.items ?? []).slice(0, 8).map((item) => {
    const parts: string[] = [];
    if (item.node?.selector) parts.push(item.node.selector);
    if (item.node?.snippet) parts.push(item.node.snippet);
    if (item.node?.explanation) parts.push(item.node.explanation.replace(/\s+/g, ' '));
    for (const key of ['source', 'description', 'url', 'label', 'value']) {
      if (typeof item[key] === 'string' && item[key]) parts.push(String(item[key]));
    }
    for (const key of ['duration', 'total', 'scripting', 'startTime']) {
      if (typeof item[key] === 'number') parts.push(`${key} ${Math.round(item[key])} ms`);
    }
    if (item.sourceLocation?.url)
      parts.push(
        `${item.sourceLocation.url}:${item.sourceLocation.line ?? 0}:${item.sourceLocation.column ?? 0}`,
      );
    return parts.join(' — ').slice(0, 400);
  });
}

/** DevTools' issues in full (kind, directive, element, source location), not only their kinds. */
function inspectorIssues(artifacts: Record<string, unknown>): string[] {
  const issues = (artifacts.InspectorIssues ?? {}) as Record<string, unknown[]>;
  return Object.entries(issues).flatMap(([kind, list]) =>
    list.slice(0, 8).map((issue) => `${kind}: ${JSON.stringify(issue)}`.slice(0, 600)),
  );
}

function figuresOf(lhr: Result, artifacts: Record<string, unknown>): AuditFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failedAudits: FailedAudit[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]!;
      const scored = audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric';
      // A weighted audit short of full marks costs points; in best practices and accessibility
      // every failed check does.
      if (!scored || audit.score === null || audit.score >= (id === 'performance' ? 0.9 : 1))
        continue;
      if (id === 'performance' && ref.weight === 0) continue;
      failedAudits.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue && { displayValue: audit.displayValue }),
        where:
          ref.id === 'inspector-issues'
            ? inspectorIssues(artifacts)
            : ref.id === 'total-blocking-time'
              ? // What blocked the main thread: its longest tasks and the scripts that cost most.
                [...places(lhr.audits['long-tasks']), ...places(lhr.audits['bootup-time'])]
              : places(audit),
      });
    }
  }
  return {
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? ''])),
    failedAudits,
  };
}

/** Signs in through the login screen in the audited browser itself. */
async function signIn(page: Page, origin: string, account: Account) {
  // From a blank page: Lighthouse left this tab on the login screen, and a change of hash alone
  // would not load the page again.
  await page.goto('about:blank');
  await page.goto(`${origin}/#/login`);
  await page.waitForSelector('input[name="accountno"]');
  await page.type('input[name="accountno"]', account.accountNo);
  await page.type('input[name="username"]', account.username);
  await page.type('input[name="password"]', account.password);
  await page.click('form button[type="submit"]');
  await page.waitForFunction(() => Boolean(localStorage.getItem('authToken')));
  await page.waitForNetworkIdle();
}

/**
 * The mobile preset slows the processor four times: a high-end desktop (a benchmark index of
 * 1,500 to 2,000) then runs as a mid-tier phone, about 440. Lighthouse's own guidance
 * (docs/throttling.md, "Calibrating the CPU slowdown") is to scale the factor to the machine, or
 * a faster machine emulates a faster phone: this one measured 1,144 on one day and 4,125 on
 * another. The slowdown that makes this machine that phone, to one decimal, at least 1.
 */
export const MID_TIER_PHONE_INDEX = 440;
export function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / MID_TIER_PHONE_INDEX) * 10) / 10);
}

/**
 * Lighthouse on each screen, loaded afresh: the signed-out ones first, then the others signed in,
 * the session made in the same Chromium and kept through the audits (`disableStorageReset`). On
 * the mobile preset, a first run of the login page, not reported, reads the machine's benchmark
 * index, and the measured runs slow the processor by `calibratedSlowdown` (or `cpuSlowdown`).
 */
/** Lighthouse's own failures to record a page load, which its message asks to run again. */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

export async function auditWithLighthouse(
  origin: string,
  account: Account,
  routes: RouteToMeasure[],
  options: { formFactor: 'desktop' | 'mobile'; cpuSlowdown?: number },
): Promise<Record<string, AuditFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...new Set(['--no-sandbox', '--disable-gpu', ...CHROMIUM_ARGS])],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const config = options.formFactor === 'desktop' ? desktopConfig : defaultConfig;
  const run = async (
    url: string,
    page: Page,
    keepStorage: boolean,
    cpuSlowdown?: number,
    isRetry = false,
  ): Promise<AuditFigures> => {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: keepStorage,
        ...(cpuSlowdown !== undefined && {
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        }),
      },
      config,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    // A trace that did not record ("run Lighthouse again") is Lighthouse's, not the page's: once more.
    if (failure && TRACE_FAILURES.has(failure.code) && !isRetry)
      return run(url, page, keepStorage, cpuSlowdown, true);
    if (failure) throw new Error(`${url}: ${failure.message}`);
    if (keepStorage && result.lhr.finalDisplayedUrl.includes('#/login'))
      throw new Error(`${url} sent the audit to the login page: the session was not kept`);
    return figuresOf(result.lhr, result.artifacts as unknown as Record<string, unknown>);
  };
  try {
    const page = await browser.newPage();
    let cpuSlowdown = options.cpuSlowdown;
    if (options.formFactor === 'mobile' && cpuSlowdown === undefined) {
      cpuSlowdown = calibratedSlowdown(
        (await run(`${origin}/#/login`, page, false)).benchmarkIndex,
      );
    }
    const figures: Record<string, AuditFigures> = {};
    for (const route of routes.filter(({ signedIn }) => !signedIn))
      figures[route.name] = await run(`${origin}/${route.hash}`, page, false, cpuSlowdown);
    await signIn(page, origin, account);
    for (const route of routes.filter(({ signedIn }) => signedIn))
      figures[route.name] = await run(`${origin}/${route.hash}`, page, true, cpuSlowdown);
    return figures;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
