import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { companies, storedFiles } from '../db/schema/index.ts';

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
