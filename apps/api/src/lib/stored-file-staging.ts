import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Tx } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
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
export type StagedFile = NewFile & { name: string; size: number; sha256: string; source: string };

export async function stageFile(
  files: FileStore,
  file: NewFile,
  source: string,
): Promise<StagedFile> {
  const name = file.name ?? `${crypto.randomBytes(16).toString('hex')}.${file.extension}`;
  const { size, sha256 } = await measureFile(source);
  await files.stage(source, name);
  return { ...file, name, size, sha256, source };
}

/** Inserts the row of a staged file and completes its content; false when `skipExisting` skipped it. */
export async function insertStagedFile(
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
