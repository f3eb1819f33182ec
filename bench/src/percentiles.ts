/** The latency figures every run reports, in ms. */
export type Percentiles = { p50: number; p95: number; p99: number; max: number };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Nearest-rank percentiles of every recorded time, in ms. */
export function percentiles(times: number[]): Percentiles {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) =>
    sorted.length === 0 ? 0 : round1(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}
