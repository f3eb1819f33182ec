import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, BODY_LIMIT_PUBLIC } from '../../src/lib/body-limits.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { createFuzzContext } from './fuzz-context.ts';
import { Fuzzer } from './harness.ts';
import { BASE_PAYLOADS } from './payloads.ts';
import {
  listRoutes,
  requestArb,
  takesText,
  type Focus,
  type RequestSpec,
  type Route,
} from './requests.ts';

/**
 * Property-based fuzzing of every route the app registers, learnt from its OpenAPI document so a
 * new route is fuzzed without touching this file. FUZZ_RUNS scales the number of requests (the
 * default keeps the file near a minute on PGlite); FUZZ_SEED replays or varies the sequence.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let t: TestApp;
let fuzzer: Fuzzer;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  fuzzer = new Fuzzer(await createFuzzContext(t));
  routes = await listRoutes(t.app);
}, 120_000);

afterAll(async () => {
  console.info(
    `fuzz: ${fuzzer.stats.requests} requests, by status ${JSON.stringify(fuzzer.stats.byStatus)}`,
  );
  await t.close();
});

async function fuzz(focus: Focus, pick: (route: Route) => boolean, runs: number) {
  const chosen = routes.filter(pick);
  expect(chosen.length).toBeGreaterThan(0);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...chosen).chain((route) => requestArb(route, focus)),
      async (spec: RequestSpec) => {
        await fuzzer.send(spec);
      },
    ),
    { seed: SEED, numRuns: Math.max(1, Math.round(runs)), endOnFailure: true },
  );
}

const takesBody = (route: Route) => route.method !== 'GET';

describe('the whole API under fuzzing', () => {
  it('learns every route from the OpenAPI document', () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/v2/authorization',
        'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/issue',
        'POST /go-service/api/company/{companyId}/tfsform/cancel_tfs_form/{formId}',
        'POST /core-service/fileupload/temp',
        'GET /uploads/electronic/{name}',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(40);
    // Every body the fuzzer derives from a valid payload belongs to a route that exists.
    for (const key of Object.keys(BASE_PAYLOADS)) expect(keys).toContain(key);
  });

  it('answers hostile, truncated, mistyped and mutated bodies with a translated 4xx and writes nothing then', async () => {
    await fuzz('body', takesBody, RUNS * 5);
  }, 600_000);

  it('answers NUL, lone surrogates, right-to-left and combining marks, emoji and very long text in any one field, query or parameter without a 5xx', async () => {
    await fuzz('text', takesText, RUNS * 3);
  }, 600_000);

  it('answers hostile query strings without a 5xx', async () => {
    await fuzz('query', (route) => route.query.length > 0, RUNS * 2);
  }, 600_000);

  it('answers hostile path parameters without a 5xx', async () => {
    await fuzz('params', (route) => route.params.length > 0, RUNS * 3);
  }, 600_000);

  it('answers hostile headers, credentials and content types without a 5xx', async () => {
    await fuzz('headers', () => true, RUNS * 2);
  }, 600_000);

  it('answers requests hostile in every part at once without a 5xx', async () => {
    await fuzz('everything', () => true, RUNS * 2);
  }, 600_000);

  it('refuses a body over its limit (1 MB signed in, 16 KB open to anyone) with 413 and takes one just under it', async () => {
    const padded = (size: number) => {
      const head = '{"padding":"';
      const tail = '"}';
      return head + 'x'.repeat(size - head.length - tail.length) + tail;
    };
    for (const route of routes.filter(takesBody)) {
      const limit = route.security === 'none' ? BODY_LIMIT_PUBLIC : BODY_LIMIT;
      for (const size of [limit - 64, limit + 1]) {
        const spec: RequestSpec = {
          route,
          method: route.method,
          params: Object.fromEntries(route.params.map((p) => [p, { ref: 'own', index: 0 }])),
          query: '',
          auth: route.security === 'none' ? 'none' : route.security,
          language: { header: 'hr', expected: 'hr' },
          headers: {},
          body: { kind: 'text', text: padded(size) },
          remoteAddress: '10.9.9.9',
        };
        const response = await fuzzer.send(spec);
        if (size > limit) {
          expect(response.statusCode, route.key).toBe(413);
          expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
        } else {
          expect(response.statusCode, route.key).not.toBe(413);
        }
      }
    }
  }, 600_000);
});
