import path from 'node:path';
import { ENGINES, readEngineResults } from './results.ts';
import { SIZE_CURVE_CONNECTIONS } from './scenarios.ts';

/**
 * Before and after, as Markdown: `npm run bench:compare -- <beforeDir> <afterDir>` (folders
 * relative to bench/, as --out is) reads `forms-<engine>.json` of both and prints, per engine, each scenario at each connection
 * count (req/s, p95, CPU ms per call, peak memory, share of the minimal ceiling) and the size
 * curve (p50 and p95 per company size), each figure as before → after.
 */
const [beforeDir, afterDir] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!beforeDir || !afterDir) {
  console.error('usage: npm run bench:compare -- <beforeDir> <afterDir>');
  process.exit(1);
}

const number = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 2 });

/** "before → after (±change %)"; a figure a side lacks shows as –. */
function change(before: number | null | undefined, after: number | null | undefined): string {
  const side = (value: number | null | undefined) => (value == null ? '–' : number(value));
  const text = `${side(before)} → ${side(after)}`;
  if (before == null || after == null || before === 0) return text;
  const percent = Math.round(((after - before) / before) * 100);
  return `${text} (${percent > 0 ? '+' : ''}${percent} %)`;
}

/** A share of a ceiling, before → after, in per cent. */
function shareChange(before: number | null | undefined, after: number | null | undefined) {
  const side = (value: number | null | undefined) =>
    value == null ? '–' : `${Math.round(value * 100)} %`;
  return `${side(before)} → ${side(after)}`;
}

/** The rows of both sides paired by `key`, in the order of the after side, then before's others. */
function pair<Row>(before: Row[], after: Row[], key: (row: Row) => string) {
  const keys = [...new Set([...after.map(key), ...before.map(key)])];
  return keys.map((k) => ({
    key: k,
    before: before.find((row) => key(row) === k),
    after: after.find((row) => key(row) === k),
  }));
}

/** A Markdown table of `header` and `rows`. */
function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const engines = ENGINES.flatMap((engine) => {
  const before = readEngineResults(beforeDir, engine);
  const after = readEngineResults(afterDir, engine);
  return before && after ? [{ engine, before, after }] : [];
});
if (engines.length === 0) {
  console.error(`no engine has forms-<engine>.json in both ${beforeDir} and ${afterDir}`);
  process.exit(1);
}

for (const { engine, before, after } of engines) {
  const runs = pair(before.scenarios, after.scenarios, (row) => `${row.name} ×${row.connections}`);
  console.log(`\n### ${engine}\n`);
  console.log(
    table(
      ['scenario', 'conn', 'req/s', 'p95 ms', 'CPU ms/call', 'peak MiB', 'of minimal'],
      runs.map(({ before: b, after: a }) => [
        (a ?? b)!.name,
        String((a ?? b)!.connections),
        change(b?.reqPerSec, a?.reqPerSec),
        change(b?.p95, a?.p95),
        change(b?.cpuMsPerCall, a?.cpuMsPerCall),
        change(b?.peakRssMiB, a?.peakRssMiB),
        shareChange(b?.ofMinimalCeiling, a?.ofMinimalCeiling),
      ]),
    ),
  );
  const curve = pair(
    before.sizeCurve ?? [],
    after.sizeCurve ?? [],
    (row) => `${row.forms} ${row.name}`,
  );
  if (curve.length === 0) continue;
  console.log(`\n### ${engine}: size curve, ${SIZE_CURVE_CONNECTIONS} connections\n`);
  console.log(
    table(
      ['forms', 'scenario', 'p50 ms', 'p95 ms', 'req/s'],
      curve.map(({ before: b, after: a }) => [
        number((a ?? b)!.forms),
        (a ?? b)!.name,
        change(b?.p50, a?.p50),
        change(b?.p95, a?.p95),
        change(b?.reqPerSec, a?.reqPerSec),
      ]),
    ),
  );
}
