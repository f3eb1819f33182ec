import fs from 'node:fs';
import { apiPath } from '../../api-dir.ts';
import type { Db, Tx } from '../client.ts';
import { countries } from '../schema/index.ts';

type CountryRow = { id: number; iso2: string; iso3: string; eu: 0 | 1 };

/**
 * Country ids are fixed by this file (ISO 3166 alpha-2 order when it was written) and never
 * renumbered: forms store the id. Id 42 is the SPEC's default issuing government.
 */
export function countryRows(): CountryRow[] {
  return JSON.parse(
    fs.readFileSync(apiPath('src', 'db', 'seed', 'countries.json'), 'utf8'),
  ) as CountryRow[];
}

/** Reference data every database needs, demo or not; safe to run on every start. */
export async function seedReferenceData(db: Db | Tx): Promise<void> {
  const rows = countryRows();
  await db
    .insert(countries)
    .values(rows.map((r) => ({ id: r.id, iso2: r.iso2, iso3: r.iso3, isEu: r.eu })))
    .onConflictDoNothing();
}
