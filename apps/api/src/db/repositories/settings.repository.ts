import { eq } from 'drizzle-orm';
import {
  generalSettingSchema,
  parseSetting,
  refundCalculationSettingSchema,
  taxFreeSettingSchema,
  vatSettingSchema,
  type VatSetting,
} from '@taxfree/domain';
import type { Db, Tx } from '../client.ts';
import { settings } from '../schema/index.ts';

export type CompanySettings = Awaited<ReturnType<typeof loadCompanySettings>>;

/**
 * The company's settings for tax-free forms, each read by its schema (the defaults where a
 * company has none stored): what the settings endpoint answers and what issuing applies.
 */
export async function loadCompanySettings(db: Db | Tx, companyId: number) {
  const [row] = await db.select().from(settings).where(eq(settings.companyId, companyId)).limit(1);
  return {
    general: parseSetting(generalSettingSchema, row?.generalSetting),
    taxFree: parseSetting(taxFreeSettingSchema, row?.taxFreeSetting),
    vat: parseSetting(vatSettingSchema, row?.vatSetting),
    refund: parseSetting(refundCalculationSettingSchema, row?.refundCalculationSetting),
  };
}

/**
 * The company's settings documents as stored, unparsed (null when it has none), locked until the
 * transaction ends: for a change made to what is stored.
 */
export async function lockStoredSettings(tx: Tx, companyId: number) {
  const [row] = await tx
    .select()
    .from(settings)
    .where(eq(settings.companyId, companyId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** A stored VAT setting as read alongside other rows (sign-in): the defaults when it does not parse. */
export function readVatSetting(value: unknown): VatSetting {
  const parsed = vatSettingSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : parseSetting(vatSettingSchema, {});
}
