import fs from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder (apps/api), found from wherever this code runs: the TypeScript sources
 * under src/ or the production bundle under dist/. Files shipped beside the code (migrations, seed
 * data, the web build) are found from here rather than from one module's own location, which a
 * bundle does not keep.
 */
function findApiDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@taxfree/api'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No @taxfree/api package above ${from}`);
  }
}

export const apiDir = findApiDir(import.meta.dirname);

/** A path inside the API package: `apiPath('src', 'db', 'migrations')`. */
export const apiPath = (...parts: string[]) => path.join(apiDir, ...parts);
