import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` forwards the server's paths; the API listens on 8080 by default. */
const devApiTarget = process.env.DEV_API_TARGET ?? 'http://localhost:8080';
const proxiedPaths = ['/api', '/core-service', '/go-service', '/uploads', '/healthz'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: devApiTarget }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      // The domain package re-exports zod schemas next to plain constants; declaring it free of
      // side effects lets the entry chunk take LANGUAGES without pulling in every schema and zod.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
      },
    },
  },
});
