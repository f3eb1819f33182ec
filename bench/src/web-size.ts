import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../../e2e/playwright.config.ts';

export type Account = { accountNo: string; username: string; password: string };

/** Debian's Chromium, launched with the browser tests' flags. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS: string[] = playwrightConfig.use?.launchOptions?.args ?? [];

export type RouteToMeasure = {
  name: string;
  hash: string;
  signedIn: boolean;
  /** What a user does on the page after it loaded, such as opening a drawer. */
  then?: (page: Page) => Promise<void>;
};

/** The route the counter work happens on: the list with the Issue panel open. */
export const LIST_WITH_DRAWER = '/#/ with the issue drawer open';

/** The screens whose JavaScript is measured; staff reach all but the login signed in. */
export const ROUTES: RouteToMeasure[] = [
  { name: '/#/login', hash: '#/login', signedIn: false },
  { name: '/#/ (refund form list)', hash: '#/', signedIn: true },
  { name: '/#/home', hash: '#/home', signedIn: true },
  { name: '/#/formStats', hash: '#/formStats', signedIn: true },
  { name: '/#/taxformBreakdown', hash: '#/taxformBreakdown', signedIn: true },
  { name: '/#/promoList', hash: '#/promoList', signedIn: true },
  { name: '/#/gallery', hash: '#/gallery', signedIn: true },
  { name: '/#/issueForm', hash: '#/issueForm', signedIn: true },
  {
    name: LIST_WITH_DRAWER,
    hash: '#/',
    signedIn: true,
    then: async (page) => {
      await page.getByRole('button', { name: 'Issue Form' }).click();
      await page.getByRole('dialog').getByRole('textbox').first().waitFor();
    },
  },
];

/** Signs in through the login screen, as a person does, and keeps what the browser stored. */
export async function signInState(browser: Browser, origin: string, account: Account) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${origin}/#/login`);
  await page.locator('input[name="accountno"]').fill(account.accountNo);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('authToken')));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Waits until a whole second passes without a new script (chunks asked for after a paint). */
async function quiet(page: Page, scripts: Map<string, unknown>) {
  await page.waitForLoadState('networkidle');
  for (let seen = -1; seen !== scripts.size;) {
    seen = scripts.size;
    await page.waitForTimeout(1000);
  }
}

/** Every script one fresh load of `route` brings: its address and gzipped size in bytes (level 9). */
export async function loadedScripts(
  context: BrowserContext,
  origin: string,
  route: RouteToMeasure,
) {
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      response.url(),
      response.body().then(
        (body) => zlib.gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(`${origin}/${route.hash}`);
  // Every screen has one h1: once it shows, the route's lazy chunks have arrived.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await quiet(page, scripts);
  if (route.then) {
    await route.then(page);
    await quiet(page, scripts);
  }
  const sizes = await Promise.all(scripts.values());
  await page.close();
  return [...scripts.keys()].map((url, i) => ({ url, gzipBytes: sizes[i]! }));
}

/** The camera's code (the dialog, the QR decoder, the OCR): fetched only once the camera is asked for. */
const CAMERA_CODE = /camera-dialog|passport-zone-reader|zxing|tesseract/;

/**
 * Gzipped size of every script one fresh load of `route` brings, in bytes, and the names of those
 * that are the camera's.
 */
async function scriptBytes(context: BrowserContext, origin: string, route: RouteToMeasure) {
  const scripts = await loadedScripts(context, origin, route);
  if (process.env.BENCH_VERBOSE) {
    for (const { url, gzipBytes } of scripts)
      console.log(`${route.name}\t${(gzipBytes / 1024).toFixed(1)} KB\t${url.split('/').pop()}`);
  }
  return {
    bytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    camera: scripts
      .map(({ url }) => url.split('/').pop()!)
      .filter((name) => CAMERA_CODE.test(name)),
  };
}

/**
 * Gzipped JavaScript a browser really loads for each route, each from an empty cache, and the
 * camera's scripts among them (none, unless the camera's code leaked into a first load).
 */
export async function measureJavaScript(origin: string, account: Account) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const signedIn = await signInState(browser, origin, account);
    const sizes: Record<string, number> = {};
    const cameraScripts: string[] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext({
        locale: 'en-GB',
        ...(route.signedIn && { storageState: signedIn }),
      });
      const { bytes, camera } = await scriptBytes(context, origin, route);
      sizes[route.name] = bytes;
      cameraScripts.push(...camera.map((name) => `${route.name}: ${name}`));
      await context.close();
    }
    return { sizes, cameraScripts };
  } finally {
    await browser.close();
  }
}
