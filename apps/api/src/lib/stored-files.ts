import crypto from 'node:crypto';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { branches, galleryItems, promotions, storedFiles, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

export type NewFile = {
  companyId: number;
  kind: 'image' | 'thumb' | 'pdf';
  contentType: string;
  extension: string;
  content: Buffer;
  temporary: boolean;
  /** A name chosen by the caller (a thumbnail's); otherwise a new unguessable one. */
  name?: string;
};

/** Stores bytes under a new unguessable name and returns the name. */
export async function storeFile(db: Db | Tx, file: NewFile): Promise<string> {
  const name = file.name ?? `${crypto.randomBytes(16).toString('hex')}.${file.extension}`;
  await db.insert(storedFiles).values({
    companyId: file.companyId,
    name,
    kind: file.kind,
    contentType: file.contentType,
    size: file.content.length,
    sha256: crypto.createHash('sha256').update(file.content).digest('hex'),
    content: file.content,
    temporary: file.temporary ? 1 : 0,
  });
  return name;
}

/** The name of a picture's thumbnail: its own name with `-thumb`, always a JPEG. */
export function thumbnailName(imageName: string): string {
  return `${imageName.replace(/\.[a-z0-9]+$/, '')}-thumb.jpg`;
}

/** A stored picture of the company, with its bytes; null when there is none of that name. */
export async function getStoredImage(db: Db | Tx, companyId: number, name: string) {
  const [row] = await db
    .select({
      name: storedFiles.name,
      content: storedFiles.content,
      temporary: storedFiles.temporary,
    })
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

/** Removes uploads that no saved record claimed within `ttlSeconds`; answers how many. */
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

/** Keeps a small square of a stored picture under `thumbnailName(name)`, once. */
export async function storeThumbnail(
  db: Db | Tx,
  companyId: number,
  name: string,
  thumbnail: Buffer,
): Promise<void> {
  await db
    .insert(storedFiles)
    .values({
      companyId,
      name: thumbnailName(name),
      kind: 'thumb',
      contentType: 'image/jpeg',
      size: thumbnail.length,
      sha256: crypto.createHash('sha256').update(thumbnail).digest('hex'),
      content: thumbnail,
      temporary: 0,
    })
    .onConflictDoNothing();
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
