import { eq } from 'drizzle-orm';
import {
  generalSettingSchema,
  refundCalculationSettingSchema,
  findCountryRules,
  isCountryVatRate,
  refundTierProblems,
  taxFreeSettingSchema,
  vatSettingSchema,
} from '@taxfree/domain';
import type { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { announceChange } from '../db/change-notices.ts';
import type { Db } from '../db/client.ts';
import { lockStoredSettings } from '../db/repositories/settings.repository.ts';
import { companies, settings } from '../db/schema/index.ts';
import { recordAudit } from '../lib/audit.ts';
import { CommandError } from './command-error.ts';
import { companyByAccount } from './retailer-company.ts';

const PARTS = {
  general: { column: 'generalSetting', schema: generalSettingSchema },
  taxFree: { column: 'taxFreeSetting', schema: taxFreeSettingSchema },
  vat: { column: 'vatSetting', schema: vatSettingSchema },
  refund: { column: 'refundCalculationSetting', schema: refundCalculationSettingSchema },
} as const;
type Part = keyof typeof PARTS;

/** Every key `settings:set` accepts, as `part.field`, for the help text and error messages. */
export const SETTING_KEYS = [
  ...Object.entries(PARTS).flatMap(([part, { schema }]) =>
    Object.keys(schema.shape).map((field) => `${part}.${field}`),
  ),
  'company.ushopSetting',
  'company.currency',
  'company.timeZone',
];

function parseValue(raw: string): unknown {
  const text = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new CommandError(`Not valid JSON: ${text}`);
    }
  }
  return text;
}

/**
 * Changes a retailer's settings, each `key=value` checked against the settings' schemas:
 * e.g. general.multiple_invoice_required=1, taxFree.products_in_tfs_form=1, vat.product_rates=20,10,
 * refund.tiers='[{"from":0,"to":null,"percentage":70}]', company.ushopSetting=false.
 */
export async function setSettings(
  db: Db,
  args: { accountNo: string; assignments: string[] },
): Promise<string> {
  if (args.assignments.length === 0)
    throw new CommandError(
      `Nothing to set: give --set key=value (keys: ${SETTING_KEYS.join(', ')}).`,
    );
  const company = await companyByAccount(db, args.accountNo);

  return db.transaction(async (tx) => {
    const current = await lockStoredSettings(tx, company.id);
    const documents: Record<Part, Record<string, unknown>> = {
      general: { ...((current?.generalSetting as object | undefined) ?? {}) },
      taxFree: { ...((current?.taxFreeSetting as object | undefined) ?? {}) },
      vat: { ...((current?.vatSetting as object | undefined) ?? {}) },
      refund: { ...((current?.refundCalculationSetting as object | undefined) ?? {}) },
    };
    const companyChanges: Partial<Record<'ushopSetting' | 'currency' | 'timeZone', string>> = {};
    for (const assignment of args.assignments) {
      const at = assignment.indexOf('=');
      const key = assignment.slice(0, at).trim();
      if (at < 1 || !SETTING_KEYS.includes(key)) {
        throw new CommandError(
          `Unknown setting "${assignment}": use key=value with one of ${SETTING_KEYS.join(', ')}.`,
        );
      }
      const [part, field] = key.split('.') as [string, string];
      const raw = assignment.slice(at + 1);
      if (part === 'company') {
        if (field === 'ushopSetting' && !['true', 'false'].includes(raw))
          throw new CommandError('company.ushopSetting is true or false.');
        if (field === 'currency' && !/^[A-Z]{3}$/.test(raw))
          throw new CommandError('company.currency is an ISO 4217 code such as EUR.');
        if (field === 'timeZone' && !Intl.supportedValuesOf('timeZone').includes(raw))
          throw new CommandError(`Unknown time zone ${raw}.`);
        companyChanges[field as keyof typeof companyChanges] = raw;
      } else {
        documents[part as Part][field] = field === 'product_rates' ? raw : parseValue(raw);
      }
    }
    const parsed = Object.fromEntries(
      (Object.keys(PARTS) as Part[]).map((part) => {
        const result = safeParse(PARTS[part].schema as $ZodType, documents[part]);
        if (!result.success) {
          throw new CommandError(
            `Invalid ${part} setting: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
          );
        }
        return [part, result.data as Record<string, unknown>];
      }),
    ) as Record<Part, Record<string, unknown>>;
    const rates = String(parsed.vat.product_rates)
      .split(',')
      .map((r) => Number(r.trim()));
    if (rates.length === 0 || rates.some((r) => !Number.isFinite(r) || r < 0 || r > 100)) {
      throw new CommandError(
        'vat.product_rates is a comma list of rates between 0 and 100, such as 25,13,5.',
      );
    }
    const rules = findCountryRules(company.country);
    const foreign = rules ? rates.filter((rate) => !isCountryVatRate(rules, rate)) : [];
    if (rules && foreign.length > 0) {
      throw new CommandError(
        `vat.product_rates may hold only ${rules.country}'s VAT rates (${rules.vatRates.join(', ')}); not ${foreign.join(', ')}.`,
      );
    }
    const problems = refundTierProblems(
      (parsed.refund as z.infer<typeof refundCalculationSettingSchema>).tiers,
    );
    if (problems.length > 0) throw new CommandError(`Invalid refund tiers: ${problems.join('; ')}`);

    const values = {
      generalSetting: parsed.general,
      taxFreeSetting: parsed.taxFree,
      vatSetting: parsed.vat,
      refundCalculationSetting: parsed.refund,
      updatedAt: new Date(),
    };
    await tx
      .insert(settings)
      .values({ companyId: company.id, ...values })
      .onConflictDoUpdate({ target: settings.companyId, set: values });
    if (Object.keys(companyChanges).length > 0) {
      await tx
        .update(companies)
        .set({ ...companyChanges, updatedAt: new Date() })
        .where(eq(companies.id, company.id));
    }
    await announceChange(tx, { kind: 'company', companyId: company.id });
    await recordAudit(tx, {
      companyId: company.id,
      userId: null,
      action: 'settings.set',
      entity: 'settings',
      entityId: String(company.id),
      details: { assignments: args.assignments },
    });
    return `Settings of ${company.accountNo} updated: ${args.assignments.join(', ')}.`;
  });
}
