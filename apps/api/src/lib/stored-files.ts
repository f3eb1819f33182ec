import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import {
  branches,
  companies,
  galleryItems,
  promotions,
  storedFiles,
  users,
} from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { FileStore } from './files/file-store.ts';

export type NewFile = {
  companyId: number;
  kind: 'image' | 'thumb' | 'pdf';
  contentType: string;
  extension: string;
  temporary: boolean;
  /** A name chosen by the caller (a thumbnail's); otherwise a new unguessable one. */
  name?: string;
};

/** Bytes of a file hashed at a time. */
const MEASURE_PIECE_BYTES = 256 * 1024;

/**
 * Size and SHA-256 of a local file, read in pieces into one buffer of its own: never whole in
 * memory, and no new buffer per piece (an upload's ten pictures would leave 50 MB of them to the
 * collector).
 */
async function measureFile(source: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  const piece = Buffer.allocUnsafeSlow(MEASURE_PIECE_BYTES);
  let size = 0;
  const handle = await fs.promises.open(source, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      hash.update(piece.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/** A file ready to be stored: named, measured, and its content staged in the store. */
type StagedFile = NewFile & { name: string; size: number; sha256: string; source: string };

async function stageFile(files: FileStore, file: NewFile, source: string): Promise<StagedFile> {
  const name = file.name ?? `${crypto.randomBytes(16).toString('hex')}.${file.extension}`;
  const { size, sha256 } = await measureFile(source);
  await files.stage(source, name);
  return { ...file, name, size, sha256, source };
}

/** Inserts the row of a staged file and completes its content; false when `skipExisting` skipped it. */
async function insertStagedFile(
  tx: Tx,
  files: FileStore,
  staged: StagedFile,
  options: { skipExisting: boolean },
): Promise<boolean> {
  const insert = tx.insert(storedFiles).values({
    companyId: staged.companyId,
    name: staged.name,
    kind: staged.kind,
    contentType: staged.contentType,
    size: staged.size,
    sha256: staged.sha256,
    temporary: staged.temporary ? 1 : 0,
  });
  const [row] = await (options.skipExisting ? insert.onConflictDoNothing() : insert).returning({
    id: storedFiles.id,
  });
  if (!row) return false;
  const content = { id: row.id, companyId: staged.companyId, name: staged.name, size: staged.size };
  await files.save(tx, content, staged.source);
  return true;
}

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

/** A stored file's row: what an answer's headers say, and how the store finds its bytes. */
export const storedFileColumns = {
  id: storedFiles.id,
  companyId: storedFiles.companyId,
  name: storedFiles.name,
  size: storedFiles.size,
  contentType: storedFiles.contentType,
  sha256: storedFiles.sha256,
};
export type StoredFileRow = {
  [K in keyof typeof storedFileColumns]: (typeof storedFileColumns)[K]['_']['data'];
};

/** The name of a picture's thumbnail: its own name with `-thumb`, always a JPEG. */
export function thumbnailName(imageName: string): string {
  return `${imageName.replace(/\.[a-z0-9]+$/, '')}-thumb.jpg`;
}

/** A stored picture of the company (its row, by which the store finds it); null when there is none. */
export async function findStoredImage(db: Db | Tx, companyId: number, name: string) {
  const [row] = await db
    .select(storedFileColumns)
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.name, name),
        eq(storedFiles.kind, 'image'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks an upload as kept because a saved record now refers to it. False when the company has
 * no picture of that name (never uploaded, purged, or another company's).
 */
export async function claimImage(db: Db | Tx, companyId: number, name: string): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ temporary: 0 })
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        inArray(storedFiles.name, [name, thumbnailName(name)]),
      ),
    )
    .returning({ kind: storedFiles.kind });
  return rows.some((row) => row.kind === 'image');
}

/** Whether any saved record of the company still shows the picture. */
async function isImageInUse(db: Db | Tx, companyId: number, name: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select (
      exists (select 1 from ${users} where ${users.companyId} = ${companyId} and ${users.image} = ${name})
      or exists (select 1 from ${branches} where ${branches.companyId} = ${companyId} and ${branches.logo} = ${name})
      or exists (select 1 from ${promotions} where ${promotions.companyId} = ${companyId} and ${promotions.image} = ${name})
      or exists (select 1 from ${galleryItems} where ${galleryItems.companyId} = ${companyId} and ${galleryItems.image} = ${name})
    ) as used`,
  );
  return Boolean(row?.used);
}

/**
 * Deletes a picture (and its thumbnail) that a record no longer shows, unless another record of
 * the company still does. Call it after the record has been changed or deleted, in its transaction.
 */
export async function releaseImage(
  db: Db | Tx,
  companyId: number,
  name: string | null,
): Promise<void> {
  if (!name || (await isImageInUse(db, companyId, name))) return;
  await db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        inArray(storedFiles.name, [name, thumbnailName(name)]),
        or(eq(storedFiles.kind, 'image'), eq(storedFiles.kind, 'thumb')),
      ),
    );
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

/**
 * Claims the picture a record is saved with, or refuses the save with a field error naming
 * `field` when the company has no such upload.
 */
export async function claimImageOrFail(
  db: Db | Tx,
  companyId: number,
  name: string | null,
  field: string,
): Promise<void> {
  if (!name) return;
  if (!(await claimImage(db, companyId, name))) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ field, message: 'imageInvalid' }] });
  }
}

/**
 * Keeps a small square of a stored picture (the local file `source`) under `thumbnailName(name)`,
 * once: a thumbnail another request stored first is kept.
 */
export async function storeThumbnail(
  tx: Tx,
  files: FileStore,
  companyId: number,
  name: string,
  source: string,
): Promise<void> {
  const thumbnail = {
    companyId,
    kind: 'thumb',
    contentType: 'image/jpeg',
    extension: 'jpg',
    temporary: false,
    name: thumbnailName(name),
  } as const;
  await insertStagedFile(tx, files, await stageFile(files, thumbnail, source), {
    skipExisting: true,
  });
}

/** Whether the company keeps a thumbnail of the picture. */
export async function hasThumbnail(db: Db | Tx, companyId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.companyId, companyId),
        eq(storedFiles.name, thumbnailName(name)),
        eq(storedFiles.kind, 'thumb'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A printed form's PDF by its stored name, with the country of its shop (the form's language). */
export async function findPrintedForm(
  db: Db | Tx,
  name: string,
): Promise<(StoredFileRow & { country: string }) | null> {
  const [row] = await db
    .select({ ...storedFileColumns, country: companies.country })
    .from(storedFiles)
    .innerJoin(companies, eq(companies.id, storedFiles.companyId))
    .where(and(eq(storedFiles.name, name), eq(storedFiles.kind, 'pdf')))
    .limit(1);
  return row ?? null;
}

/** A shop's picture or thumbnail, by the account number, company and name its public URL carries. */
export async function findShopImage(
  db: Db | Tx,
  where: { accountNo: string; companyId: number; name: string },
): Promise<StoredFileRow | null> {
  const [row] = await db
    .select(storedFileColumns)
    .from(storedFiles)
    .innerJoin(companies, eq(companies.id, storedFiles.companyId))
    .where(
      and(
        eq(storedFiles.name, where.name),
        eq(storedFiles.companyId, where.companyId),
        eq(companies.accountNo, where.accountNo),
        inArray(storedFiles.kind, ['image', 'thumb']),
      ),
    )
    .limit(1);
  return row ?? null;
}
