import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from './args.ts';

/** The figures of one run as `forms-<engine>.json` keeps them; older files lack the newer ones. */
export type RunResult = {
  connections: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  errors: number;
  peakRssMiB: number | null;
  cpuMsPerCall?: number | null;
};

/** What the chart and the comparison read of an engine's results. */
export type EngineResults = {
  engine: Engine;
  scenarios: (RunResult & { scenario: string; name: string; ofMinimalCeiling?: number | null })[];
  sizeCurve?: (RunResult & { forms: number; scenario: string; name: string })[];
};

export const ENGINES: Engine[] = ['postgres', 'pglite'];

/** The results of `engine` in the folder `dir`, or undefined where it has none. */
export function readEngineResults(dir: string, engine: Engine): EngineResults | undefined {
  const file = path.join(dir, `forms-${engine}.json`);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as EngineResults;
}
