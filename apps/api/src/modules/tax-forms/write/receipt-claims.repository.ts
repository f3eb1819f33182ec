import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { receiptClaims, taxForms } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Refuses receipts another form of the company holds, unless that form is cancelled: 409
 * RECEIPT_IN_USE naming the form. Each receipt is locked until the transaction ends, so two
 * forms saving one receipt at once are judged one after the other. `formId` is the form being
 * edited (its own receipts are its to keep), null for one being issued.
 */
export async function assertReceiptsFree(
  tx: Tx,
  companyId: number,
  keys: readonly string[],
  formId: number | null,
): Promise<void> {
  if (keys.length === 0) return;
  // In one order, so two forms claiming the same receipts never wait on each other in a circle.
  for (const key of [...keys].sort()) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`receipt|${companyId}|${key}`}, 0))`,
    );
  }
  const [held] = await tx
    .select({ barcode: taxForms.barcode })
    .from(receiptClaims)
    .innerJoin(taxForms, eq(taxForms.id, receiptClaims.taxFormId))
    .where(
      and(
        eq(receiptClaims.companyId, companyId),
        inArray(receiptClaims.receiptKey, [...keys]),
        eq(taxForms.cancelled, false),
        formId === null ? undefined : ne(receiptClaims.taxFormId, formId),
      ),
    )
    .limit(1);
  if (held) throw new AppError('RECEIPT_IN_USE', { params: { barcode: held.barcode } });
}

/**
 * The receipts a form holds from now on: exactly `keys`, taking over a claim a cancelled form left.
 * Call it after `assertReceiptsFree`, in the same transaction.
 */
export async function claimReceipts(
  tx: Tx,
  companyId: number,
  formId: number,
  keys: readonly string[],
): Promise<void> {
  await freeReceipts(tx, companyId, formId);
  if (keys.length === 0) return;
  await tx
    .insert(receiptClaims)
    .values(keys.map((receiptKey) => ({ companyId, receiptKey, taxFormId: formId })))
    .onConflictDoUpdate({
      target: [receiptClaims.companyId, receiptClaims.receiptKey],
      set: { taxFormId: formId },
    });
}

/** Lets go of every receipt a form holds: it was cancelled. */
export async function freeReceipts(tx: Tx, companyId: number, formId: number): Promise<void> {
  await tx
    .delete(receiptClaims)
    .where(and(eq(receiptClaims.companyId, companyId), eq(receiptClaims.taxFormId, formId)));
}

/** The barcode of the company's form, not cancelled, that holds the receipt `key`; else null. */
export async function receiptHolder(
  db: Db,
  companyId: number,
  key: string,
): Promise<string | null> {
  const [held] = await db
    .select({ barcode: taxForms.barcode })
    .from(receiptClaims)
    .innerJoin(taxForms, eq(taxForms.id, receiptClaims.taxFormId))
    .where(
      and(
        eq(receiptClaims.companyId, companyId),
        eq(receiptClaims.receiptKey, key.toLowerCase()),
        eq(taxForms.cancelled, false),
      ),
    )
    .limit(1);
  return held?.barcode ?? null;
}
