import { defineConfig } from 'vitest/config';

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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
