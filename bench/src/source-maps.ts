import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { startServer } from './server-process.ts';

const webDir = path.resolve(import.meta.dirname, '../../apps/web');

/** Builds the web app once more, with source maps, into a scratch folder; answers the folder. */
export function buildWithSourceMaps(prefix: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
    cwd: webDir,
    stdio: 'ignore',
  });
  return dist;
}

/**
 * The real server with the demo data on a scratch embedded database, serving the build in `dist`;
 * stopping it also removes its database.
 */
export async function serveBuild(dist: string, port: string, prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}data-`));
  const server = await startServer({
    DATA_DIR: dataDir,
    PORT: port,
    DATABASE_URL: '',
    WEB_DIST: dist,
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The package (`react-dom`) or source folder a source file belongs to: the web app's folders as
 * they are (`features/tax-forms/list`), the domain package's under `domain/` (`domain/forms`).
 */
export function sourceGroup(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  const inSources = source.replace(/^.*?\/src\//, '');
  const folder = path.dirname(inSources);
  const group = folder === '.' ? inSources : folder;
  return source.includes('packages/domain/src/') ? `domain/${group}` : group;
}

/** The source maps of one build's scripts, read once each; null for a script without one. */
export class BuildSourceMaps {
  readonly #maps = new Map<string, SourceMapConsumer | null>();

  constructor(readonly dist: string) {}

  /** The map of `file` (a script's name in `assets/`). */
  of(file: string): SourceMapConsumer | null {
    if (!this.#maps.has(file)) {
      const map = path.join(this.dist, 'assets', `${file}.map`);
      this.#maps.set(
        file,
        fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null,
      );
    }
    return this.#maps.get(file)!;
  }

  /**
   * The gzipped bytes of `file` shared out among the packages and folders its code came from: each
   * mapped stretch of the built script counts for its source, scaled by the script's gzip ratio.
   * What no mapping covers (the chunk's glue) is counted under the script's name.
   */
  weigh(file: string, gzipBytes: number): Map<string, number> {
    const code = fs.readFileSync(path.join(this.dist, 'assets', file), 'utf8');
    const perByte = gzipBytes / Math.max(1, code.length);
    const weights = new Map<string, number>();
    const add = (group: string, bytes: number) =>
      weights.set(group, (weights.get(group) ?? 0) + bytes * perByte);
    const map = this.of(file);
    if (!map) {
      add(file, code.length);
      return weights;
    }
    const lineLengths = code.split('\n').map((line) => line.length);
    let mapped = 0;
    let previous: { line: number; column: number; source: string | null } | null = null;
    map.eachMapping((mapping) => {
      if (previous) {
        const end =
          mapping.generatedLine === previous.line
            ? mapping.generatedColumn
            : (lineLengths[previous.line - 1] ?? previous.column);
        const length = Math.max(0, end - previous.column);
        if (previous.source) add(sourceGroup(previous.source), length);
        mapped += previous.source ? length : 0;
      }
      previous = {
        line: mapping.generatedLine,
        column: mapping.generatedColumn,
        source: mapping.source,
      };
    });
    add(file, Math.max(0, code.length - mapped));
    return weights;
  }
}
