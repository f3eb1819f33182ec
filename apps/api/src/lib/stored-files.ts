import crypto from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';

export type NewFile = {
  companyId: number;
  kind: 'image' | 'thumb' | 'pdf';
  contentType: string;
  extension: string;
  content: Buffer;
  temporary: boolean;
};

/** Stores bytes under a new unguessable name and returns the name. */
export async function storeFile(db: Db | Tx, file: NewFile): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.${file.extension}`;
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
