import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNT } from './sign-in.ts';
import { BuildSourceMaps, buildWithSourceMaps, serveBuild } from './source-maps.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  LIST_WITH_DRAWER,
  loadedScripts,
  ROUTES,
  signInState,
} from './web-size.ts';

/**
 * What a screen's gzipped JavaScript is made of: the scripts one fresh load brings, as
 * `npm run bench:web` weighs them, shared out by the package or source folder their code came
 * from through the build's source maps.
 *
 *   npm run bench:web-weight -- [--route NAME] [--top 30] [--out DIR]
 *
 * NAME is a screen of `npm run bench:web` (`/#/login`, `/#/home`, …; the list with the issue
 * panel open by default). The web app is built once more with source maps into a scratch folder and
 * served by the real server with the demo data.
 */
const { values } = parseArgs({
  options: {
    route: { type: 'string', default: LIST_WITH_DRAWER },
    top: { type: 'string', default: '30' },
    out: { type: 'string' },
    port: { type: 'string', default: '18483' },
  },
});
const route = ROUTES.find((candidate) => candidate.name === values.route);
if (!route) {
  console.error(`No such screen: ${values.route}. One of: ${ROUTES.map((r) => r.name).join(', ')}`);
  process.exit(2);
}

const dist = buildWithSourceMaps('tfr-web-weight-');
const server = await serveBuild(dist, values.port!, 'tfr-web-weight-');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let scripts: Awaited<ReturnType<typeof loadedScripts>>;
try {
  const storageState = route.signedIn
    ? await signInState(browser, server.url, DEMO_ACCOUNT)
    : undefined;
  const context = await browser.newContext({ locale: 'en-GB', storageState });
  scripts = await loadedScripts(context, server.url, route);
} finally {
  await browser.close();
  await server.stop();
}

const sourceMaps = new BuildSourceMaps(dist);
const totals = new Map<string, number>();
for (const { url, gzipBytes } of scripts) {
  for (const [group, bytes] of sourceMaps.weigh(url.split('/').pop()!, gzipBytes))
    totals.set(group, (totals.get(group) ?? 0) + bytes);
}
fs.rmSync(dist, { recursive: true, force: true });

const all = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
const groups = [...totals]
  .sort((a, b) => b[1] - a[1])
  .map(([group, bytes]) => ({ group, kb: Math.round(bytes / 102.4) / 10 }));
console.log(`${route.name}: ${(all / 1024).toFixed(1)} KB gzipped in ${scripts.length} scripts`);
for (const { group, kb } of groups.slice(0, Number(values.top)))
  console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${group}`);
if (values.out) {
  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, 'web-weight.json');
  fs.writeFileSync(file, JSON.stringify({ route: route.name, kb: all / 1024, groups }, null, 2));
  console.log(`written to ${file}`);
}
