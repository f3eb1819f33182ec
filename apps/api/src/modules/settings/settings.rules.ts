import { parseSetting, vatSettingSchema, type VatSetting } from '@taxfree/domain';

export function readVatSetting(value: unknown): VatSetting {
  const parsed = vatSettingSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : parseSetting(vatSettingSchema, {});
}
