import { and, asc, eq, sql } from 'drizzle-orm';
import type { Language } from '@taxfree/domain';
import type { Db } from '../../db/client.ts';
import { countries, productCategories, settings, travellers } from '../../db/schema/index.ts';
import { countryName } from './country-names.ts';

type CountryRow = { id: number; iso2: string; iso3: string; isEu: number };
let countryRows: Promise<CountryRow[]> | undefined;

/** Countries are reference data that never change while the server runs: read them once. */
function loadCountries(db: Db): Promise<CountryRow[]> {
  countryRows ??= db
    .select()
    .from(countries)
    .orderBy(asc(countries.id))
    .then(
      (rows) => rows,
      (error: unknown) => {
        countryRows = undefined;
        throw error;
      },
    );
  return countryRows;
}

/** Every country with its name in `language`, sorted by that name as the language sorts. */
export async function listCountries(db: Db, language: Language) {
  const collator = new Intl.Collator(language === 'sl-si' ? 'sl' : language);
  return (await loadCountries(db))
    .map((c) => ({
      id: c.id,
      text: countryName(c.iso2, language),
      ISO3: c.iso3,
      ISO2: c.iso2,
      is_eu: c.isEu ? (1 as const) : (0 as const),
    }))
    .sort((a, b) => collator.compare(a.text, b.text));
}

const namesByLanguage = new Map<Language, Promise<Map<number, string>>>();

/** Country names by id in `language`, built once per language (the list asks on every page). */
export function countryNamesById(db: Db, language: Language): Promise<Map<number, string>> {
  let names = namesByLanguage.get(language);
  if (!names) {
    names = loadCountries(db).then(
      (rows) => new Map(rows.map((c) => [c.id, countryName(c.iso2, language)])),
    );
    names.catch(() => namesByLanguage.delete(language));
    namesByLanguage.set(language, names);
  }
  return names;
}

export async function listProductCategories(db: Db, companyId: number) {
  return db
    .select({ category_id: productCategories.code, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.companyId, companyId))
    .orderBy(asc(productCategories.name));
}

export async function getSettings(db: Db, companyId: number) {
  const [row] = await db.select().from(settings).where(eq(settings.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function findTravellerByPassport(db: Db, companyId: number, passport: string) {
  const [row] = await db
    .select()
    .from(travellers)
    .where(
      and(
        eq(travellers.companyId, companyId),
        eq(sql`upper(${travellers.passport})`, passport.trim().toUpperCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}
