import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import type { FileStore } from './files/file-store.ts';
import {
  insertStagedFile,
  stageFile,
  type NewFile,
  type StagedFile,
} from './stored-file-staging.ts';

export type { NewFile } from './stored-file-staging.ts';
export {
  findPrintedForm,
  findShopImage,
  storedFileColumns,
  type StoredFileRow,
} from './stored-file-rows.ts';
export {
  claimImage,
  claimImageOrFail,
  findStoredImage,
  hasThumbnail,
  releaseImage,
  storeThumbnail,
  thumbnailName,
} from './stored-images.ts';

/**
 * Stores the local file `source` (a scratch file of `files`) as a new stored file within the
 * transaction `tx`, its content written while the transaction is open: for small files (a
 * thumbnail, the demo's posters). Larger ones go through `withStoredFiles`. Answers the name.
 */
export async function storeFile(
  tx: Tx,
  files: FileStore,
  file: NewFile,
  source: string,
): Promise<string> {
  const staged = await stageFile(files, file, source);
  await insertStagedFile(tx, files, staged, { skipExisting: false });
  return staged.name;
}

/**
 * Stores new files and runs `work` with their names, in one transaction: rows, content and
 * whatever `work` changes commit together. The content is staged before the transaction opens
 * (hashed, synced, moved into place), so the transaction only inserts rows and holds the
 * database briefly; when it does not commit, the staged content is removed at once.
 */
export async function withStoredFiles<T>(
  db: Db,
  files: FileStore,
  newFiles: { file: NewFile; source: string }[],
  work: (tx: Tx, names: string[]) => Promise<T>,
): Promise<T> {
  const staged: StagedFile[] = [];
  try {
    for (const { file, source } of newFiles) staged.push(await stageFile(files, file, source));
    return await db.transaction(async (tx) => {
      for (const file of staged) await insertStagedFile(tx, files, file, { skipExisting: false });
      return work(
        tx,
        staged.map((file) => file.name),
      );
    });
  } catch (error) {
    await files.discard(staged.map((file) => file.name)).catch(() => {
      // the next sweep removes what is left
    });
    throw error;
  }
}

/**
 * Removes uploads that no saved record claimed within `ttlSeconds`; answers how many. Their
 * content goes with the row (chunks) or with the store's next sweep (files).
 */
export async function purgeTemporaryFiles(
  db: Db,
  options: { ttlSeconds: number; now?: Date },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.ttlSeconds * 1000);
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.temporary, 1), lt(storedFiles.createdAt, cutoff)))
    .returning({ id: storedFiles.id });
  return rows.length;
}
