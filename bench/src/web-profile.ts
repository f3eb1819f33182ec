import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from '@playwright/test';
import { BuildSourceMaps, buildWithSourceMaps, serveBuild, sourceGroup } from './source-maps.ts';
import { DEMO_ACCOUNT } from './sign-in.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInState } from './web-size.ts';

/**
 * Where a screen's load spends a phone's processor: the browser's long tasks, each with what it did
 * (evaluating scripts, running them, style and layout, collecting garbage), and the processor's time
 * by the package or source folder its code came from, read through the build's source maps.
 *
 *   npm run bench:web-profile -- [--route '#/'] [--cpu-slowdown 4] [--functions] [--out DIR]
 *
 * The web app is built once more with source maps into a scratch folder and served by the real
 * server with the demo data; Chromium loads the screen signed in, at a phone's size, its processor
 * slowed `--cpu-slowdown` times, while a trace and a CPU profile (sampled every 0.2 ms) record it.
 */
const { values } = parseArgs({
  options: {
    route: { type: 'string', default: '#/' },
    'cpu-slowdown': { type: 'string', default: '4' },
    out: { type: 'string' },
    port: { type: 'string', default: '18482' },
    functions: { type: 'boolean' },
  },
});
const LONG_TASK_US = 50_000;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
];
/** The trace events a long task is told by, under a shorter name. */
const TASK_PARTS: Record<string, string> = {
  'v8.evaluateModule': 'evaluate',
  EvaluateScript: 'evaluate',
  FunctionCall: 'run',
  TimerFire: 'timer',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };
type ProfileNode = {
  id: number;
  callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

const dist = buildWithSourceMaps('tfr-web-profile-');
const sourceMaps = new BuildSourceMaps(dist);

const server = await serveBuild(dist, values.port!, 'tfr-web-profile-');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let trace: TraceEvent[];
let profile: Profile;
try {
  const storageState = await signInState(browser, server.url, DEMO_ACCOUNT);
  const context = await browser.newContext({
    storageState,
    locale: 'en-GB',
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  await page.goto('about:blank');
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values['cpu-slowdown']) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(`${server.url}/${values.route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(5_000);
  trace = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
  profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
} finally {
  await browser.close();
  await server.stop();
}

/** The renderer's main thread: the one whose tasks took the longest in all. */
function longTasks(events: TraceEvent[]) {
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X');
  const busy = new Map<string, number>();
  for (const task of tasks)
    busy.set(
      `${task.pid}:${task.tid}`,
      (busy.get(`${task.pid}:${task.tid}`) ?? 0) + (task.dur ?? 0),
    );
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]![0];
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X');
  const start = Math.min(...onMain.map((event) => event.ts));
  return onMain
    .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US)
    .map((task) => {
      const parts: Record<string, number> = {};
      for (const event of onMain) {
        const part = TASK_PARTS[event.name];
        if (!part || event.ts < task.ts || event.ts >= task.ts + (task.dur ?? 0)) continue;
        parts[part] = Math.round((parts[part] ?? 0) + (event.dur ?? 0) / 1000);
      }
      return {
        from: task.ts,
        to: task.ts + (task.dur ?? 0),
        startMs: Math.round((task.ts - start) / 1000),
        ms: Math.round((task.dur ?? 0) / 1000),
        parts,
      };
    });
}

/**
 * The package (`react-dom`) or source folder (`features/tax-forms/list`) a frame's code is from;
 * with `--functions`, the function and the line it starts on (`tax-form-columns.ts:41 value`).
 */
function sourceOf({ url, lineNumber, columnNumber, functionName }: ProfileNode['callFrame']) {
  const file = url.split('/').pop() ?? '';
  if (!url.includes('/assets/')) return functionName || '(browser)';
  const original = sourceMaps
    .of(file)
    ?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!original?.source) return file;
  if (!values.functions) return sourceGroup(original.source);
  const name = functionName || '(anonymous)';
  return `${original.source.split('node_modules/').pop()}:${original.line} ${name}`;
}

/** The processor's time by source, over the whole load or between two moments of the trace's clock. */
function timeBySource(cpu: Profile, from = -Infinity, to = Infinity) {
  const nodes = new Map(cpu.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let at = cpu.startTime;
  cpu.samples.forEach((id, i) => {
    at += cpu.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const source = sourceOf(nodes.get(id)!.callFrame);
    if (source !== '(idle)')
      totals.set(source, (totals.get(source) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([source, ms]) => ({ source, ms: Math.round(ms) }));
}

const tasks = longTasks(trace).map(({ from, to, ...task }) => ({
  ...task,
  sources: timeBySource(profile, from, to).slice(0, values.functions ? 12 : 4),
}));
const sources = timeBySource(profile);
fs.rmSync(dist, { recursive: true, force: true });
const blocking = tasks.reduce((sum, task) => sum + task.ms - LONG_TASK_US / 1000, 0);
console.log(
  `${values.route} at ${values['cpu-slowdown']}× slower: long tasks (ms from the first task):`,
);
for (const task of tasks) {
  const parts = Object.entries(task.parts).map(([part, ms]) => `${part} ${ms}`);
  const from = task.sources.map(({ source, ms }) => `${source} ${ms}`);
  console.log(`  at ${task.startMs}: ${task.ms} ms (${parts.join(', ')}; ${from.join(', ')})`);
}
console.log(`  blocking time past 50 ms each: ${blocking} ms\nProcessor time by source (ms):`);
for (const { source, ms } of sources.slice(0, 25))
  console.log(`  ${String(ms).padStart(6)}  ${source}`);
if (values.out) {
  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, 'web-profile.json');
  fs.writeFileSync(
    file,
    JSON.stringify(
      { route: values.route, cpuSlowdown: Number(values['cpu-slowdown']), tasks, sources },
      null,
      2,
    ),
  );
  console.log(`written to ${file}`);
}
