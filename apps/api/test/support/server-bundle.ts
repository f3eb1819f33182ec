import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { apiPath } from '../../src/api-dir.ts';
import { bundleServer } from '../../scripts/bundle.ts';

declare module 'vitest' {
  // Vitest's context is widened by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Where this run's production bundle of the server and the CLI was written, if it was. */
    serverBundle?: string;
  }
}

/**
 * Global setup of the suites that start real servers and run the CLI: the production bundle,
 * built once per run from the current sources (about a second), which every child process then
 * starts without compiling TypeScript again. Each project writes its own folder, so two projects
 * setting up side by side never write one file at once, and `npm run build`'s dist/ is left alone.
 */
export default async function setup(project: TestProject) {
  const outdir = apiPath('.cache', 'test-bundle', project.name.replace(/[^a-z0-9-]+/gi, '-'));
  await bundleServer(outdir);
  project.provide('serverBundle', outdir);
}

/** The bundled entry point (`server.js` or `cli.js`) a child process starts. */
export function bundledEntry(entry: 'server.js' | 'cli.js'): string {
  const outdir = inject('serverBundle');
  if (!outdir) {
    throw new Error(
      'This suite starts the bundled server: run it in a project whose global setup includes test/support/server-bundle.ts',
    );
  }
  return path.join(outdir, entry);
}
