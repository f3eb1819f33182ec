import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { auditWithLighthouse, type AuditFigures } from './lighthouse-audit.ts';
import { startServer } from './server-process.ts';
import { DEMO_ACCOUNT } from './sign-in.ts';
import { LIST_WITH_DRAWER, ROUTES, measureJavaScript } from './web-size.ts';

/**
 * The web app's weight and quality, on the production build served by the real server with the
 * demo data: gzipped JavaScript per route (`web-size.json`) and Lighthouse's performance,
 * accessibility and best-practices scores on each screen (`web.json`), each against its target.
 *
 *   npm run bench:web -- [--mobile] [--cpu-slowdown N] [--skip-lighthouse] [--route HASH] [--out DIR]
 *
 * On the mobile preset the processor's slowdown is calibrated to this machine (see
 * `calibratedSlowdown`) unless `--cpu-slowdown` names one (4 is Lighthouse's own). `--route '#/'`
 * audits that screen alone (a change to one screen, measured again and again).
 */
const { values } = parseArgs({
  options: {
    mobile: { type: 'boolean' },
    'skip-lighthouse': { type: 'boolean' },
    'cpu-slowdown': { type: 'string' },
    out: { type: 'string' },
    port: { type: 'string' },
    route: { type: 'string' },
  },
});
const out = path.resolve(values.out ?? path.resolve(import.meta.dirname, '../results'));
const formFactor = values.mobile ? 'mobile' : 'desktop';
const TARGETS = {
  loginJsKB: 130,
  listWithDrawerJsKB: 250,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-bench-web-'));
const server = await startServer({
  DATA_DIR: dataDir,
  PORT: values.port ?? '18481',
  DATABASE_URL: '',
});
let sizes: Record<string, number>;
let cameraScripts: string[];
let audits: Record<string, AuditFigures> = {};
try {
  ({ sizes, cameraScripts } = await measureJavaScript(server.url, DEMO_ACCOUNT));
  if (!values['skip-lighthouse'])
    // Every screen as it loads; the open drawer is a step taken on the list, not a page load.
    audits = await auditWithLighthouse(
      server.url,
      DEMO_ACCOUNT,
      ROUTES.filter(({ then, hash }) => !then && (values.route ?? hash) === hash),
      {
        formFactor,
        ...(values['cpu-slowdown'] && { cpuSlowdown: Number(values['cpu-slowdown']) }),
      },
    );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const loginKB = kb(sizes['/#/login'] ?? 0);
console.log('\nGzipped JavaScript per route (KB):');
console.table(
  Object.fromEntries(Object.entries(sizes).map(([route, bytes]) => [route, { KB: kb(bytes) }])),
);
const listKB = kb(sizes[LIST_WITH_DRAWER] ?? 0);
const verdicts = [
  `login JavaScript ${loginKB} KB (target ≤ ${TARGETS.loginJsKB} KB)`,
  `list with the issue drawer JavaScript ${listKB} KB (target ≤ ${TARGETS.listWithDrawerJsKB} KB)`,
  `camera code on a first load: ${cameraScripts.length === 0 ? 'none' : cameraScripts.join(', ')} (target: none)`,
];
const passed = [
  loginKB <= TARGETS.loginJsKB,
  listKB <= TARGETS.listWithDrawerJsKB,
  cameraScripts.length === 0,
];

if (Object.keys(audits).length > 0) {
  console.log(`\nLighthouse (${formFactor}):`);
  console.table(
    Object.fromEntries(
      Object.entries(audits).map(([route, a]) => [
        route,
        {
          performance: a.performance,
          accessibility: a.accessibility,
          'best practices': a.bestPractices,
        },
      ]),
    ),
  );
  for (const [route, a] of Object.entries(audits)) {
    const metrics = Object.entries(a.metrics).map(([k, v]) => `${k} ${v}`);
    console.log(
      `${route}: ${metrics.join(', ')}; benchmark index ${a.benchmarkIndex}, processor ${a.cpuSlowdown}× slower`,
    );
    for (const failed of a.failedAudits) {
      const cost = failed.weight === 0 ? ', weight 0' : '';
      console.log(
        `  ${failed.category} · ${failed.id}: ${failed.title}${failed.displayValue ? ` (${failed.displayValue})` : ''}${cost}`,
      );
      for (const where of failed.where) console.log(`      ${where}`);
    }
    verdicts.push(
      `${route}: performance ${a.performance} (≥ ${TARGETS.performance}), accessibility ${a.accessibility} (= ${TARGETS.accessibility}), best practices ${a.bestPractices} (≥ ${TARGETS.bestPractices})`,
    );
    passed.push(
      a.performance >= TARGETS.performance &&
        a.accessibility >= TARGETS.accessibility &&
        a.bestPractices >= TARGETS.bestPractices,
    );
  }
}
console.log('');
verdicts.forEach((verdict, i) => console.log(`${passed[i] ? 'meets' : 'MISSES'}  ${verdict}`));

fs.mkdirSync(out, { recursive: true });
const measuredAt = new Date().toISOString();
fs.writeFileSync(
  path.join(out, 'web-size.json'),
  `${JSON.stringify({ measuredAt, gzipBytes: sizes, cameraScripts }, null, 2)}\n`,
);
if (Object.keys(audits).length > 0) {
  fs.writeFileSync(
    path.join(out, 'web.json'),
    `${JSON.stringify({ measuredAt, formFactor, targets: TARGETS, loginJsKB: loginKB, lighthouse: audits }, null, 2)}\n`,
  );
}
console.log(`written to ${out}`);
