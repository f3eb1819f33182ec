import { and, eq, min, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

/** What a company holds in uploads no saved record refers to: their bytes, and the oldest's age. */
export async function temporaryUploads(
  db: Db,
  companyId: number,
): Promise<{ bytes: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      bytes: sql<string | null>`${sum(storedFiles.size)}`,
      oldest: min(storedFiles.createdAt),
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.temporary, 1)));
  return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
}
