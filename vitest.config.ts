import os from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { apiTestOptions, SERVER_BUNDLE_SETUP } from './apps/api/vitest.config.ts';

/**
 * Every suite, in three groups that run one after the other, each using the cores:
 * 1. the in-process suites (domain, web, and the API on a fresh database per file), the web's and
 *    the API's files sharing their worker's loaded modules rather than loading them again per file;
 * 2. the suites that start real servers (the production bundle, built once per run), two per core,
 *    the longest first, sharing their worker's loaded modules too;
 * 3. the three that measure a server's memory and latency, or how long an answer takes, alone, so
 *    nothing else skews them.
 * The API suites run on the embedded PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set:
 * there every in-process suite, and the server suites whose outcome depends on the engine.
 */
const cores = os.availableParallelism();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const SERVER_SUITES = ['test/**/*.test.ts', 'src/cli/cli.test.ts', 'src/cli/cli.postgres.test.ts'];
const MEASURED_SUITES = [
  'test/reliability/slow-bodies.test.ts',
  'test/reliability/upload-load.test.ts',
  'test/security/sign-in-timing.test.ts',
];
/** Server suites about the engine: durability, shutdown, outages, SQL built from hostile input. */
const ENGINE_SERVER_SUITES = [
  'test/reliability/crash-safety.test.ts',
  'test/reliability/webhook-outbox.test.ts',
  'test/reliability/upload-crash-safety.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/reliability/*.postgres.test.ts',
  'test/security/injection.test.ts',
  'test/security/tenant-isolation.test.ts',
  'src/cli/cli.postgres.test.ts',
];
/** Suites about the embedded engine itself, or about no engine: PGlite's run covers them. */
const PGLITE_ONLY = [
  'src/cli/cli.test.ts',
  'src/db/lock.test.ts',
  'src/db/pglite-template.test.ts',
  'src/config.test.ts',
  'src/lib/i18n.test.ts',
  'src/lib/memory-trim.test.ts',
  'src/lib/response-serializer.test.ts',
  'src/lib/table-export.test.ts',
  'src/lib/trust-proxy.test.ts',
  'src/lib/work-limiter.test.ts',
  'src/modules/tax-forms/mail/tax-form-mail-message.test.ts',
  'src/modules/tax-forms/read/tax-form-amounts.test.ts',
  'src/modules/tax-forms/write/tax-form-write.repository.test.ts',
  'src/modules/webhooks/webhook-send.test.ts',
];

/**
 * The server suites that take longest, slowest first (about 60 to 10 s each on two cores). A fresh
 * clone has no record of earlier runs, and vitest then starts the largest files first: a short file
 * of long waits (the CLI's) would start last and hold its group open alone.
 */
const LONGEST_FIRST = [
  'src/cli/cli.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/reliability/database-outage.postgres.test.ts',
  'test/reliability/crash-safety.test.ts',
  'test/reliability/upload-crash-safety.test.ts',
  'src/cli/cli.postgres.test.ts',
  'test/reliability/webhook-outbox.test.ts',
  'test/security/authentication.test.ts',
  'test/security/forwarded-headers.test.ts',
  'test/security/injection.test.ts',
  'test/docs/integration-guide.test.ts',
  'test/fuzz/api.fuzz.test.ts',
];

/** Vitest's order (group, then records of earlier runs, then size), with the longest suites first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((suite) => file.moduleId.endsWith(`/${suite}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

const IN_PROCESS = 0;
const SERVERS = 1;
const MEASURED = 2;

function api(
  engine: 'pglite' | 'postgres',
  group: number,
  include: string[],
  exclude: string[],
): TestProjectInlineConfiguration {
  const suffix = ['', ':servers', ':measured'][group];
  return {
    test: {
      ...apiTestOptions,
      name: `api:${engine}${suffix}`,
      // The suites that start servers start the production bundle, built once per project.
      globalSetup:
        group === IN_PROCESS
          ? apiTestOptions.globalSetup
          : [...apiTestOptions.globalSetup, SERVER_BUNDLE_SETUP],
      env: { TEST_ENGINE: engine },
      include,
      exclude: [
        '**/node_modules/**',
        ...(engine === 'pglite' ? ['**/*.postgres.test.ts'] : PGLITE_ONLY),
        ...exclude,
      ],
      // Each file still builds its own app on its own database, or starts its own servers; what the
      // files of a worker share is the loaded code (a fifth of the server group's time, loaded again
      // per file). The measured suites keep a process each, so nothing earlier weighs on their figures.
      isolate: group === MEASURED,
      maxWorkers: group === MEASURED ? 1 : group === SERVERS ? cores * 2 : cores,
      sequence: { groupOrder: group },
    },
  };
}

const inProcess = (project: string): TestProjectInlineConfiguration => ({
  root: `./${project}`,
  extends: `./${project}/vitest.config.ts`,
  test: { maxWorkers: cores, sequence: { groupOrder: IN_PROCESS } },
});

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      inProcess('packages/domain'),
      inProcess('apps/web'),
      api('pglite', IN_PROCESS, ['src/**/*.test.ts'], SERVER_SUITES),
      api('pglite', SERVERS, SERVER_SUITES, MEASURED_SUITES),
      api('pglite', MEASURED, MEASURED_SUITES, []),
      ...(onPostgres
        ? [
            api('postgres', IN_PROCESS, ['src/**/*.test.ts'], SERVER_SUITES),
            api('postgres', SERVERS, ENGINE_SERVER_SUITES, []),
          ]
        : []),
    ],
  },
});
