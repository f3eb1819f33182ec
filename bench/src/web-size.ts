import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from './server-process.ts';

/** Gzipped JavaScript a browser really loads for each route, measured in Chromium. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-bench-web-'));
const server = await startServer({ DATA_DIR: dataDir, PORT: '18481' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

async function jsFor(route: string, signIn: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) {
    const response = await fetch(`${server.url}/api/v2/authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountno: '100100', username: 'demo', password: 'demo1234' }),
    });
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    await page.goto(`${server.url}/#/login`);
    await page.evaluate((d) => {
      localStorage.setItem('authToken', String(d.token));
      localStorage.setItem('companyId', String(d.company_id));
      localStorage.setItem(
        'branchId',
        String((d.retailerInfo as { retailer_branch_id: number }).retailer_branch_id),
      );
      localStorage.setItem('userId', String(d.user_id));
      localStorage.setItem('tokenExpiry', String(d.token_expiry));
      document.cookie = `authToken=${String(d.token)}; path=/; max-age=3600`;
    }, data);
  }
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${server.url}/${route}`, { waitUntil: 'networkidle' });
  if (signIn) await page.reload({ waitUntil: 'networkidle' });
  await context.close();
  if (process.env.BENCH_VERBOSE) {
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
      console.log(`${route}\t${(size / 1024).toFixed(1)} KB\t${url.split('/').pop()}`);
    }
  }
  return [...scripts.values()].reduce((a, b) => a + b, 0);
}

const rows = {
  '/#/login': await jsFor('#/login', false),
  '/#/ (signed in)': await jsFor('#/', true),
};
await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

console.table(
  Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [k, { gzipKB: Math.round(v / 102.4) / 10 }]),
  ),
);
const out = path.resolve(import.meta.dirname, '../results/web-size.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), gzipBytes: rows }, null, 2)}\n`,
);
console.log(`written to ${out}`);
