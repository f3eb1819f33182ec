import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // The files of a worker share their loaded modules (Mantine, the app) instead of loading them
    // again per file: half the time. What a file leaves behind (the DOM, storage, cookies, toasts,
    // mocks) is cleared after each test in the setup file; a module mock only holds for a module
    // no earlier file has loaded, so screens' toasts are watched with `test/toasts.ts` instead.
    isolate: false,
    // Whole forms render in jsdom; on a busy two-core machine one can take several seconds.
    testTimeout: 20_000,
  },
});
