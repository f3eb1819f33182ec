import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { branches, galleryItems, promotions, storedFiles, users } from '../db/schema/index.ts';
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

/** Size and SHA-256 of a local file, read in pieces (never whole in memory). */
async function measureFile(source: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const piece of fs.createReadStream(source) as AsyncIterable<Buffer>) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Stores the local file `source` (a scratch file of `files`, consumed) as a new stored file, in
 * the transaction `tx`: its row, and its content in the store, commit together. Answers the name.
 * When `tx` does not commit, call `files.discard` with the names it stored.
 */
export async function storeFile(
  tx: Tx,
  files: FileStore,
  file: NewFile,
  source: string,
): Promise<string> {
  const name = file.name ?? `${crypto.randomBytes(16).toString('hex')}.${file.extension}`;
  await insertFile(tx, files, { ...file, name }, source, { skipExisting: false });
  return name;
}

/** Inserts the row and saves the content; with `skipExisting`, a name already stored is kept. */
async function insertFile(
  tx: Tx,
  files: FileStore,
  file: NewFile & { name: string },
  source: string,
  options: { skipExisting: boolean },
): Promise<void> {
  const { size, sha256 } = await measureFile(source);
  const insert = tx.insert(storedFiles).values({
    companyId: file.companyId,
    name: file.name,
    kind: file.kind,
    contentType: file.contentType,
    size,
    sha256,
    temporary: file.temporary ? 1 : 0,
  });
  const [row] = await (options.skipExisting ? insert.onConflictDoNothing() : insert).returning({
    id: storedFiles.id,
  });
  if (!row) return;
  await files.save(tx, { id: row.id, companyId: file.companyId, name: file.name, size }, source);
}

/**
 * Runs `work` in a transaction that stores files; when it does not commit, the content of the
 * files it stored is removed at once (their rows never existed).
 */
export async function withStoredFiles<T>(
  db: Db,
  files: FileStore,
  work: (tx: Tx, store: (file: NewFile, source: string) => Promise<string>) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    return await db.transaction((tx) =>
      work(tx, async (file, source) => {
        const name = await storeFile(tx, files, file, source);
        stored.push(name);
        return name;
      }),
    );
  } catch (error) {
    await files.discard(stored).catch(() => {
      // the next sweep removes what is left
    });
    throw error;
  }
}

/** A stored file's row, as the store finds its content by it. */
const contentColumns = {
  id: storedFiles.id,
  companyId: storedFiles.companyId,
  name: storedFiles.name,
  size: storedFiles.size,
  contentType: storedFiles.contentType,
  sha256: storedFiles.sha256,
};

/** The name of a picture's thumbnail: its own name with `-thumb`, always a JPEG. */
export function thumbnailName(imageName: string): string {
  return `${imageName.replace(/\.[a-z0-9]+$/, '')}-thumb.jpg`;
}

/** A stored picture of the company (its row, by which the store finds it); null when there is none. */
export async function findStoredImage(db: Db | Tx, companyId: number, name: string) {
  const [row] = await db
    .select(contentColumns)
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
  await insertFile(tx, files, thumbnail, source, { skipExisting: true });
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
