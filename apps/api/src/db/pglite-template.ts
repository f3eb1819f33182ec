import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { apiPath } from '../api-dir.ts';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * An empty PGlite cluster with every migration applied, packed once per PGlite version and set of
 * migrations (as a plain tar: unpacking it is three times quicker than a gzipped one). Creating a cluster (initdb, in WebAssembly) and migrating it takes seconds;
 * unpacking this copy takes a fraction of that, which makes the portal's first start (and every
 * test database) quick. Without it, a new database is created and migrated the slow way.
 */
const cacheDir = apiPath('.cache');

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql'))
      hash.update(file).update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export const templateFile = () =>
  path.join(cacheDir, `pglite-${pgliteVersion()}-${migrationsHash()}.tar`);

/**
 * The same cluster unpacked into a folder: a new data folder on disk starts as a plain copy of
 * it, quicker again than unpacking the tar inside PGlite.
 */
export const templateFolder = () => templateFile().replace(/\.tar$/, '.pgdata');

/**
 * Fills a new, empty data folder from the unpacked template; false when there is none (the tar,
 * or a fresh cluster, is used then).
 */
export function copyTemplateInto(dataDir: string): boolean {
  const folder = templateFolder();
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) return false;
  fs.cpSync(folder, dataDir, { recursive: true });
  return true;
}

/** The template's bytes, or undefined when it has not been built for these migrations. */
export function readTemplate(): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(templateFile())]);
  } catch {
    return undefined;
  }
}

/** Unpacks the tar into the template folder once (atomic rename, as for the tar). */
async function buildTemplateFolder(file: string): Promise<void> {
  const folder = templateFolder();
  if (fs.existsSync(path.join(folder, 'PG_VERSION'))) return;
  const partial = `${folder}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  const client = await PGlite.create({
    dataDir: partial,
    extensions: { btree_gin, pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  await client.close();
  try {
    fs.renameSync(partial, folder);
  } catch {
    // Another process finished first: its folder is the same.
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** Builds the template if it is missing; safe when several processes race (atomic rename). */
export async function buildTemplate(): Promise<string> {
  const file = templateFile();
  if (fs.existsSync(file)) {
    await buildTemplateFolder(file);
    return file;
  }
  const client = await PGlite.create({ extensions: { btree_gin, pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const old of fs.readdirSync(cacheDir)) {
    if (old.startsWith('pglite-') && (old.endsWith('.tar') || old.endsWith('.pgdata')))
      fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  await buildTemplateFolder(file);
  return file;
}
