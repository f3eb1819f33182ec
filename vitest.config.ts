import { defineConfig } from 'vitest/config';

/** The API suites run on the embedded PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set. */
const apiProjects = [
  {
    extends: './apps/api/vitest.config.ts',
    test: {
      name: 'api:pglite',
      env: { TEST_ENGINE: 'pglite' },
      exclude: ['**/node_modules/**', '**/*.postgres.test.ts'],
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          extends: './apps/api/vitest.config.ts',
          test: {
            name: 'api:postgres',
            env: { TEST_ENGINE: 'postgres' },
            // Suites about the embedded engine itself, or about no engine, run once.
            exclude: [
              '**/node_modules/**',
              'src/cli/cli.test.ts',
              'src/db/lock.test.ts',
              'src/db/pglite-template.test.ts',
              'src/config.test.ts',
            ],
          },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', ...apiProjects],
  },
});
