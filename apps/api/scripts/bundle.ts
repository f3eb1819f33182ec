import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * The production server as one ES module, `<outdir>/server.js` (and the operators' commands as
 * `<outdir>/cli.js`): our TypeScript and the domain package's compiled once at build time, every
 * npm package left in node_modules. `npm start` serves from it, so no TypeScript is compiled at
 * start-up and no TypeScript loader stays in the running server's memory; the suites that start
 * real servers start this same bundle. Files the code reads at run time (migrations, seed data, the
 * web build) are found from the package folder (src/api-dir.ts), wherever the bundle is written.
 */
export async function bundleServer(outdir: string): Promise<{ modules: number; bytes: number }> {
  const result = await esbuild.build({
    absWorkingDir: path.resolve(import.meta.dirname, '..'),
    entryPoints: { server: 'src/server.ts', cli: 'src/cli/index.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          // Bare imports stay imports, except the workspace's own TypeScript packages and their
          // subpath imports (`#…`).
          build.onResolve({ filter: /^[^./#]/ }, (args) =>
            args.path.startsWith('@taxfree/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });

  // The suites' helpers (test/) build apps and data for tests only: the server must never carry them.
  const testDir = path.resolve(import.meta.dirname, '..', 'test') + path.sep;
  const testCode = Object.keys(result.metafile.inputs).filter((input) =>
    path.resolve(import.meta.dirname, '..', input).startsWith(testDir),
  );
  if (testCode.length > 0) {
    throw new Error(`${outdir}/ would carry test code: ${testCode.join(', ')}`);
  }
  return {
    modules: Object.keys(result.metafile.inputs).length,
    bytes: Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0),
  };
}
