import type { BenchOptions, Engine } from './args.ts';
import { measure, sendOnce, type Figures, type LoadRequest } from './load.ts';
import { minimalRequest } from './minimal-ceiling.ts';
import { PG_CEILING_SCENARIOS, type CeilingRow, type PgCeiling } from './pg-ceiling.ts';
import {
  SCENARIOS,
  SURNAME_FRAGMENT,
  UPLOAD_MAX_CONNECTIONS,
  scenarioRequest,
  type ScenarioContext,
  type ScenarioKey,
} from './scenarios.ts';
import { startBareFastify, type RunningServer } from './server-process.ts';

/** What the scenarios run on: the real server, the minimal ceiling and the pg ceiling (if any). */
export type ScenarioRun = {
  server: RunningServer;
  minimal: RunningServer;
  ceiling: PgCeiling | null;
  context: ScenarioContext;
  /** The barcodes of the context's forms. */
  barcodes: string[];
  log: (line: string) => void;
};

/** The server's runs of each scenario, and the ceilings' runs measured right after each. */
export type ScenarioRuns = {
  measured: { scenario: ScenarioKey; figures: Figures }[];
  pgRows: CeilingRow[];
  minimalRows: CeilingRow[];
};

/**
 * Each scenario at each connection count on the running server, after one call each and the
 * warm-up; the list and searches then on the pg ceiling and the minimal ceiling at the same count.
 */
export async function measureScenarios(
  engine: Engine,
  options: BenchOptions,
  run: ScenarioRun,
): Promise<ScenarioRuns> {
  const { server, minimal, ceiling, context, barcodes, log } = run;
  const pgRows: CeilingRow[] = [];
  const minimalRows: CeilingRow[] = [];

  const measured: { scenario: ScenarioKey; figures: Figures }[] = [];
  for (const scenario of options.scenarios) {
    const request = scenarioRequest(scenario, context);
    const ceilingScenario = PG_CEILING_SCENARIOS.find((key) => key === scenario);
    const minimalLoad = ceilingScenario
      ? minimalRequest(ceilingScenario, { barcodes, surname: SURNAME_FRAGMENT })
      : undefined;
    if (scenario === 'reprint') {
      // Each form printed once first: every measured print serves the stored PDF.
      for (const _ of context.printedForms)
        await (await sendOnce(server.url, request)).arrayBuffer();
    }
    const answer = await sendOnce(server.url, request);
    if (!answer.ok)
      log(`${SCENARIOS[scenario]}: answered ${answer.status}: ${await answer.text()}`);
    if (minimalLoad) {
      const minimalAnswer = await sendOnce(minimal.url, minimalLoad);
      if (!minimalAnswer.ok)
        log(
          `minimal ${SCENARIOS[scenario]}: answered ${minimalAnswer.status}: ${await minimalAnswer.text()}`,
        );
    }
    if (options.warmupSeconds > 0) {
      const warmUp = (origin: string, load: LoadRequest) =>
        measure({
          origin,
          request: load,
          connections: Math.min(10, Math.max(...options.connections)),
          seconds: options.warmupSeconds,
        });
      await warmUp(server.url, request);
      if (minimalLoad) await warmUp(minimal.url, minimalLoad);
    }
    const connectionCounts =
      scenario === 'upload'
        ? options.connections.filter((count) => count <= UPLOAD_MAX_CONNECTIONS)
        : options.connections;
    for (const connections of connectionCounts) {
      const figures = await measure({
        origin: server.url,
        request,
        connections,
        seconds: options.seconds,
        pid: server.pid,
      });
      measured.push({ scenario, figures });
      log(
        `${engine} ${SCENARIOS[scenario]} ×${connections}: ${figures.reqPerSec} req/s, p50 ${figures.p50} ms, ` +
          `p95 ${figures.p95} ms, p99 ${figures.p99} ms, ${figures.errors} errors, peak ${figures.peakRssMiB} MiB, ` +
          `${figures.cpuMsPerCall} CPU ms/call`,
      );
      if (figures.probe) {
        const watched = Object.entries(figures.probe).map(
          ([name, p]) =>
            `${name} p50 ${p.p50} / p99 ${p.p99} / max ${p.max} ms, ${p.failures} failed`,
        );
        log(`  answers ${JSON.stringify(figures.statusCodes)}; meanwhile ${watched.join('; ')}`);
      }
      if (ceiling && ceilingScenario) {
        const row = await ceiling.measure(ceilingScenario, connections);
        pgRows.push(row);
        log(`bare pg ${SCENARIOS[row.scenario]} ×${row.connections}: ${row.reqPerSec} req/s`);
      }
      if (minimalLoad && ceilingScenario) {
        const row = {
          scenario: ceilingScenario,
          ...(await measure({
            origin: minimal.url,
            request: minimalLoad,
            connections,
            seconds: options.seconds,
            pid: minimal.pid,
          })),
        };
        minimalRows.push(row);
        log(
          `minimal ${SCENARIOS[row.scenario]} ×${row.connections}: ${row.reqPerSec} req/s, ` +
            `p95 ${row.p95} ms, peak ${row.peakRssMiB} MiB, ${row.cpuMsPerCall} CPU ms/call`,
        );
      }
    }
  }
  return { measured, pgRows, minimalRows };
}

/** A bare Fastify answering a constant, at each connection count: the framework's ceiling. */
export async function measureFastifyCeiling(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Figures[]> {
  const fastify = await startBareFastify(String(options.port + 1));
  const fastifyRows: Figures[] = [];
  for (const connections of options.connections) {
    fastifyRows.push(
      await measure({
        origin: fastify.url,
        request: { method: 'GET', path: '/' },
        connections,
        seconds: options.seconds,
        pid: fastify.pid,
      }),
    );
    log(
      `bare Fastify ×${connections}: ${fastifyRows.at(-1)!.reqPerSec} req/s, ` +
        `${fastifyRows.at(-1)!.cpuMsPerCall} CPU ms/call`,
    );
  }
  await fastify.stop();
  return fastifyRows;
}
