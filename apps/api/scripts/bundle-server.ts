import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * The production server as one ES module, `dist/server.js` (and the operators' commands as
 * `dist/cli.js`): our TypeScript and the domain
 * package's compiled once at build time, every npm package left in node_modules. `npm start` serves
 * from it, so no TypeScript is compiled at start-up and no TypeScript loader stays in the running
 * server's memory. Files the code reads at run time (migrations, seed data, the web build) are
 * found from the package folder (src/api-dir.ts), which the bundle does not move.
 */
const result = await esbuild.build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli/index.ts' },
  outdir: 'dist',
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
const testDir = path.resolve('test') + path.sep;
const testCode = Object.keys(result.metafile.inputs).filter((input) =>
  path.resolve(input).startsWith(testDir),
);
if (testCode.length > 0) {
  throw new Error(`dist/ would carry test code: ${testCode.join(', ')}`);
}

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `dist/server.js and dist/cli.js: ${Object.keys(result.metafile.inputs).length} modules, ${Math.round(bytes / 1024)} KiB`,
);
