import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A freshly initialised, empty PGlite cluster, packed once per PGlite version. Creating a
 * cluster (initdb, in WebAssembly) takes seconds; unpacking this copy takes a fraction of that,
 * which is what makes the first start of the portal (and every test database) quick.
 */
const cacheDir = fileURLToPath(new URL('../../.cache', import.meta.url));

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

export const templateFile = () => path.join(cacheDir, `pglite-${pgliteVersion()}.tar.gz`);

/** The template's bytes, or undefined when it has not been built (then initdb runs as usual). */
export function readTemplate(): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(templateFile())]);
  } catch {
    return undefined;
  }
}

/** Builds the template if it is missing; safe when several processes race (atomic rename). */
export async function buildTemplate(): Promise<string> {
  const file = templateFile();
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}
