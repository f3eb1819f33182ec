import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { branches, galleryItems, promotions, storedFiles, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { FileStore } from './files/file-store.ts';
import { storedFileColumns } from './stored-file-rows.ts';
import { insertStagedFile, stageFile } from './stored-file-staging.ts';

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
