import { asc } from 'drizzle-orm';
import { inLanguageOrder, type Language } from '@taxfree/domain';
import { countryName } from '../../lib/country-names.ts';
import type { Db, Tx } from '../client.ts';
import { countries } from '../schema/index.ts';

type CountryRow = { id: number; iso2: string; iso3: string; isEu: number };
let countryRows: Promise<CountryRow[]> | undefined;

/** Countries are reference data that never change while the server runs: read them once. */
function loadCountries(db: Db | Tx): Promise<CountryRow[]> {
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
  const named = (await loadCountries(db)).map((c) => ({
    id: c.id,
    text: countryName(c.iso2, language),
    ISO3: c.iso3,
    ISO2: c.iso2,
    is_eu: c.isEu ? (1 as const) : (0 as const),
  }));
  return inLanguageOrder(named, (country) => country.text, language);
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

/** Country ids by ISO 3166-1 alpha-3 code (what a passport's machine-readable zone carries). */
export async function countryIdsByIso3(db: Db): Promise<Map<string, number>> {
  return new Map((await loadCountries(db)).map((c) => [c.iso3, c.id]));
}

let iso2ById: Promise<Map<number, string>> | undefined;

/** ISO 3166-1 alpha-2 codes by country id (what the country rules speak of), built once. */
export function countryIso2ById(db: Db | Tx): Promise<Map<number, string>> {
  iso2ById ??= loadCountries(db).then(
    (rows) => new Map(rows.map((c) => [c.id, c.iso2])),
    (error: unknown) => {
      iso2ById = undefined;
      throw error;
    },
  );
  return iso2ById;
}
