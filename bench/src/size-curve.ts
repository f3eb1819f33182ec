import type { BenchTenant } from './generate-forms.ts';
import { measure, sendOnce, type Figures } from './load.ts';
import type { CeilingScenario } from './pg-ceiling.ts';
import {
  SCENARIOS,
  SIZE_CURVE_CONNECTIONS,
  SURNAME_FRAGMENT,
  scenarioRequest,
} from './scenarios.ts';
import { BENCH_CREDENTIALS, signIn } from './sign-in.ts';

/** One run of the size curve: a scenario on a company of `forms` forms. */
export type SizeCurveRow = {
  /** The forms the company was generated with. */
  forms: number;
  scenario: CeilingScenario;
  name: string;
  /**
   * The total the scenario's first call answered: the branch's forms (list), its match (barcode),
   * the fragment's matches (surname).
   */
  total: number | null;
} & Figures;

/** What the size curve measures in a company: the company, and forms of it to rotate over. */
export type SizeCurveCompany = { tenant: BenchTenant; forms: { id: number; barcode: string }[] };

/**
 * The list and searches on companies of each size, on the running server: each company's own
 * benchmark user signs in, then each scenario runs after the usual warm-up for `seconds` at
 * SIZE_CURVE_CONNECTIONS connections, the server's memory and CPU time watched.
 */
export async function measureSizeCurve(options: {
  origin: string;
  pid: number;
  companies: SizeCurveCompany[];
  scenarios: CeilingScenario[];
  seconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
}): Promise<SizeCurveRow[]> {
  const rows: SizeCurveRow[] = [];
  for (const { tenant, forms } of options.companies) {
    const context = {
      token: await signIn(options.origin, tenant.accountNo),
      tenant,
      ...BENCH_CREDENTIALS,
      forms,
      unprintedForms: [],
      printedForms: [],
      surname: SURNAME_FRAGMENT,
    };
    for (const scenario of options.scenarios) {
      const request = scenarioRequest(scenario, context);
      const first = await sendOnce(options.origin, request);
      const total = first.ok
        ? ((await first.json()) as { metadata: { total: number } }).metadata.total
        : null;
      if (!first.ok)
        options.log(`${SCENARIOS[scenario]}: answered ${first.status}: ${await first.text()}`);
      else if (total === 0)
        options.log(`${SCENARIOS[scenario]} on ${tenant.forms} forms: none found`);
      if (options.warmupSeconds > 0) {
        await measure({
          origin: options.origin,
          request,
          connections: SIZE_CURVE_CONNECTIONS,
          seconds: options.warmupSeconds,
        });
      }
      const figures = await measure({
        origin: options.origin,
        request,
        connections: SIZE_CURVE_CONNECTIONS,
        seconds: options.seconds,
        pid: options.pid,
      });
      rows.push({ forms: tenant.forms, scenario, name: SCENARIOS[scenario], total, ...figures });
      options.log(
        `size curve ${tenant.forms} forms, ${SCENARIOS[scenario]} ×${SIZE_CURVE_CONNECTIONS}: ` +
          `${figures.reqPerSec} req/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, ` +
          `${figures.errors} errors, ${figures.cpuMsPerCall} CPU ms/call (total ${total})`,
      );
    }
  }
  return rows;
}
