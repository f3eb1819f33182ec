import fs from 'node:fs';
import path from 'node:path';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { ENGINES, readEngineResults } from './results.ts';
import { SIZE_CURVE_CONNECTIONS } from './scenarios.ts';

/**
 * The size curve as a picture: p50 and p95 of the list and searches against the company's size,
 * one panel per engine, read from `forms-{postgres,pglite}.json` in the folder given (default
 * bench/results) and written beside them as `size-curve.svg`, rendered in Node by Vega.
 */
const dir = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../results'));
const points = ENGINES.flatMap((engine) =>
  (readEngineResults(dir, engine)?.sizeCurve ?? []).flatMap((row) =>
    (['p50', 'p95'] as const).map((percentile) => ({
      engine,
      scenario: row.name,
      forms: row.forms,
      percentile,
      ms: row[percentile],
    })),
  ),
);
if (points.length === 0) throw new Error(`no size curve in ${dir}/forms-{postgres,pglite}.json`);
const sizes = [...new Set(points.map((point) => point.forms))].sort((a, b) => a - b);

const spec: TopLevelSpec = {
  title: `Latency against the company’s size (${SIZE_CURVE_CONNECTIONS} connections)`,
  data: { values: points },
  facet: { column: { field: 'engine', title: null, sort: ENGINES } },
  spec: {
    width: 320,
    height: 260,
    mark: { type: 'line', point: true },
    encoding: {
      x: {
        field: 'forms',
        type: 'quantitative',
        scale: { type: 'log', nice: false, padding: 24 },
        axis: { values: sizes, format: '~s', title: 'forms of the company', grid: false },
      },
      y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'latency, ms' },
      color: { field: 'scenario', type: 'nominal', title: null, legend: { labelLimit: 300 } },
      strokeDash: { field: 'percentile', type: 'nominal', title: null },
      shape: { field: 'percentile', type: 'nominal', title: null },
    },
  },
  config: { background: 'white' },
};

const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
const svg = await view.toSVG();
view.finalize();
const out = path.join(dir, 'size-curve.svg');
fs.writeFileSync(out, svg);
console.log(`written to ${out}`);
