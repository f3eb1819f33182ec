import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFileChunks, storedFiles } from '../../db/schema/index.ts';
import { STORED_NAME, type FileStore, type StoredContent } from './file-store.ts';
import { scratchFolders } from './scratch.ts';

/** Names looked up in the database at once while sweeping. */
const SWEEP_BATCH = 500;

async function syncPath(target: string): Promise<void> {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The embedded database's files: each stored file's bytes in `<root>/<first two hex>/<name>`,
 * beside the database folder, read and written by the operating system's file calls on libuv's
 * threads, never through the main thread or the heap. Content is written completely and synced
 * before its row can commit; after a crash, content whose row did not commit is removed at start.
 */
export function createDiskStore(options: { root: string; scratchRoot: string }): FileStore {
  const { root } = options;
  const scratch = scratchFolders(options.scratchRoot);

  const locate = (name: string) => {
    // Names are ours (checked by every route too); nothing else may reach the file system.
    if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(root, name.slice(0, 2), name);
  };

  /** Syncs `source` and moves it to where `name` lives, then syncs that folder. */
  async function place(source: string, name: string): Promise<void> {
    const target = locate(name);
    await syncPath(source);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(source, target);
    await syncPath(path.dirname(target));
  }

  /** Every stored name on disk, one shard folder at a time, with its age. */
  async function* onDisk(): AsyncGenerator<{ name: string; file: string; mtimeMs: number }> {
    let shards: string[];
    try {
      shards = await fs.promises.readdir(root);
    } catch {
      return;
    }
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await fs.promises.readdir(path.join(root, shard))) {
        const file = path.join(root, shard, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat?.isFile()) yield { name, file, mtimeMs: stat.mtimeMs };
      }
    }
  }

  /** Removes each file on disk whose name has no row, among those `eligible`; answers how many. */
  async function removeRowless(
    db: Db,
    eligible: (entry: { mtimeMs: number }) => boolean,
  ): Promise<number> {
    let removed = 0;
    let batch: { name: string; file: string }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const names = batch.map((entry) => entry.name);
      const rows = await db
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(inArray(storedFiles.name, names));
      const known = new Set(rows.map((row) => row.name));
      for (const entry of batch) {
        if (known.has(entry.name)) continue;
        await fs.promises.rm(entry.file, { force: true });
        removed += 1;
      }
      batch = [];
    };
    for await (const entry of onDisk()) {
      if (!eligible(entry)) continue;
      batch.push(entry);
      if (batch.length >= SWEEP_BATCH) await flush();
    }
    await flush();
    return removed;
  }

  /**
   * Moves contents that earlier versions kept in the database (migration 0007 left them in
   * `stored_file_chunks`) to disk, one file at a time: written and synced, then its chunks
   * deleted. Interrupted, the next start writes the same file again.
   */
  async function adoptChunks(db: Db): Promise<number> {
    let adopted = 0;
    for (;;) {
      const [next] = await db
        .select({ id: storedFileChunks.fileId, name: storedFiles.name })
        .from(storedFileChunks)
        .innerJoin(storedFiles, eq(storedFiles.id, storedFileChunks.fileId))
        .limit(1);
      if (!next) return adopted;
      const chunks = await db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileId, next.id))
        .orderBy(asc(storedFileChunks.seq));
      const job = await scratch.create();
      try {
        const source = job.path('adopted');
        await fs.promises.writeFile(
          source,
          chunks.map((chunk) => chunk.data),
        );
        await place(source, next.name);
      } finally {
        await job.remove();
      }
      await db.delete(storedFileChunks).where(eq(storedFileChunks.fileId, next.id));
      adopted += 1;
    }
  }

  return {
    kind: 'disk',

    stage: (source, name) => place(source, name),

    // Placed before the transaction: the row is all that is left to commit.
    async save() {},

    async open(file: StoredContent): Promise<Readable | null> {
      try {
        const handle = await fs.promises.open(locate(file.name), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async discard(names) {
      await Promise.all(names.map((name) => fs.promises.rm(locate(name), { force: true })));
    },

    async recover(db) {
      const scratchRemoved = await scratch.removeAbandoned({ all: true });
      const adopted = await adoptChunks(db);
      const orphansRemoved = await removeRowless(db, () => true);
      return { orphansRemoved, adopted, scratchRemoved };
    },

    sweep(db, olderThanMs) {
      const before = Date.now() - olderThanMs;
      return removeRowless(db, (entry) => entry.mtimeMs < before);
    },

    scratch: () => scratch.create(),
  };
}
