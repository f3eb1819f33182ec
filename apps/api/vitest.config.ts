import { defineConfig } from 'vitest/config';

/** Builds the bundle that the suites starting real servers and the CLI start (server-bundle.ts). */
export const SERVER_BUNDLE_SETUP = './test/support/server-bundle.ts';

/** What every API suite shares, here and in the root configuration's API projects. */
export const apiTestOptions = {
  root: new URL('.', import.meta.url).pathname,
  globalSetup: ['./test/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each file builds its own app on its own fresh database.
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    ...apiTestOptions,
    globalSetup: [...apiTestOptions.globalSetup, SERVER_BUNDLE_SETUP],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
