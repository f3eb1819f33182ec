import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { OCR_TRAINED_DATA } from './src/components/camera/ocr-files.ts';
import { mantineStylesCheck } from './vite-plugins/mantine-styles.ts';

/** Where `npm run dev` forwards the server's paths; the API listens on 8080 by default. */
const devApiTarget = process.env.DEV_API_TARGET ?? 'http://localhost:8080';
const proxiedPaths = ['/api', '/core-service', '/go-service', '/uploads', '/healthz'];

/** The interface kit's packages: Mantine and its dependencies, TanStack Query, the icons. */
const INTERFACE_KIT = new RegExp(
  `node_modules/(${[
    '@mantine',
    '@floating-ui',
    'react-remove-scroll',
    'react-style-singleton',
    'use-callback-ref',
    'use-sidecar',
    'tslib',
    'get-nonce',
    'aria-hidden',
    'react-number-format',
    'react-textarea-autosize',
    '@tanstack',
    '@tabler',
  ].join('|')})/`,
);

/**
 * Tesseract's trained data, where its worker fetches it (`<langPath>/eng.traineddata.gz`, a name
 * it cannot be told to hash): the version is in the path, so the file is cached like the others.
 */
const ocrTrainedData: Plugin = {
  name: 'ocr-trained-data',
  apply: 'build',
  generateBundle() {
    const require = createRequire(import.meta.url);
    this.emitFile({
      type: 'asset',
      fileName: `${OCR_TRAINED_DATA.directory.slice(1)}/eng.traineddata.gz`,
      source: fs.readFileSync(require.resolve(OCR_TRAINED_DATA.source)),
    });
  },
};

export default defineConfig({
  plugins: [
    react(),
    ocrTrainedData,
    mantineStylesCheck(),
    // Each script, style sheet, image and catalogue also written brotli- and gzip-compressed at
    // their best levels, which the server sends as they are (index.html is written per request).
    // Brotli at quality 11 is slow (8 s for the OCR engine alone): one compression per core at once,
    // where the plugin would run one in all.
    compression({
      include: /\.(js|css|svg|json|wasm)$/,
      threshold: 1024,
      logLevel: 'silent',
      scheduler: { limit: os.availableParallelism() },
    }),
  ],
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
      output: {
        // What the first page needs, whatever it is (every module the entry imports, and all
        // they import), is one script: left to itself, the bundler split what the entry shares
        // with the lazy screens (Mantine's inputs, hooks, the router) into a dozen chunks, each a
        // request, each compressed on its own. The lazy screens split as they come: copying their
        // small shared chunks into each would wrap every module in an initialiser (about 5 KB
        // gzipped on the first page alone). What the first page does not hold of the interface's
        // kit (Mantine's other components and what they bring, TanStack Query's other hooks, the
        // icons) and two lazy screens share is one more script, `ui`: split as it came, it was
        // some thirty scripts of a few hundred bytes, which a phone's six connections to the
        // server fetched in turns and the preload links of each screen cost the processor.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'ui', test: INTERFACE_KIT, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
