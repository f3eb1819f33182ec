import * as z from 'zod/mini';
import { oneLineText } from '../content/plain-text.rules.ts';
import { isIsoDate } from '../forms/days.ts';

/**
 * A till's API keys (ARCHITECTURE "Contract additions, third round"): `POST` and `GET
 * /api/v2/companies/{companyId}/apiKeys`, `DELETE …/apiKeys/{id}`. A key is sent as
 * `Authorization: Bearer tfk_…` on the calls a clerk of its branch may make. Messages are keys of
 * the `validation` catalogue.
 */

/** Every key starts so: a till's key is told from a session's token at a glance. */
export const API_KEY_PREFIX = 'tfk_';

/** A new key: its name (the till it is for), its branch, and the day it stops working, if any. */
export const newApiKeySchema = z.object({
  name: z
    .string({ error: 'keyNameRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'keyNameRequired'),
      z.maxLength(80, 'textTooLong'),
      oneLineText,
    ),
  branch_id: z.number({ error: 'branchRequired' }).check(z.int(), z.positive('branchRequired')),
  /** The last day (yyyy-mm-dd, the shop's calendar) the key works; absent or null: no end. */
  expires_on: z.optional(z.nullable(z.string().check(z.refine(isIsoDate, 'dateInvalid')))),
});
export type NewApiKey = z.output<typeof newApiKeySchema>;

/** The key, shown this once: only its hash is kept. */
export const createdApiKeySchema = z.object({ id: z.number().check(z.int()), key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** A key as the Integrations screen lists it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  branch_id: z.number().check(z.int()),
  branch_name: z.string(),
  /** The key's last four characters, to tell keys apart. */
  last_four: z.string(),
  /** ISO 8601 instants; null when never used, or without an end. */
  created_at: z.string(),
  created_by: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
