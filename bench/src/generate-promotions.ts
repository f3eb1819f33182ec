import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';

/** Offers as shops write them, in the portal's languages. */
const TITLES = [
  'Winter sale: 30 % off coats',
  'Zimsko sniženje: kaputi −30 %',
  'Soldes d’hiver sur la maroquinerie',
  'Tax free made simple',
  'Neue Kollektion: Leinen und Seide',
  'Poletna akcija: čevlji in torbice',
  'Jesenja kolekcija je stigla',
  'Rebajas de verano en gafas de sol',
  'Dvije torbe po cijeni jedne',
  'Satovi švicarske izrade −15 %',
  'Weekend offer on cashmere',
  'Nakit od srebra: popust za putnike',
];
const DESCRIPTIONS = [
  'All wool and cashmere coats are 30 % off until the end of the month, and you still get your VAT back at the border.',
  'Pokažite putovnicu na blagajni i ispunit ćemo obrazac PDV-P za vas u dvije minute.',
  'Sacs, ceintures et portefeuilles en cuir pleine fleur : la détaxe est faite en magasin.',
  'Frühlingsfarben sind da: Leinen, Seide und leichtes Leder, steuerfrei für Reisende.',
  'Vsak drugi par čevljev za pol cene; obrazec za vračilo DDV izpolnimo takoj.',
  'Ručno rađeni nakit iz naše radionice, s certifikatom i povratom PDV-a.',
];
const CATEGORIES = [
  'fashion',
  'luxury',
  'souvenirs',
  'families',
  'fashion,luxury',
  'souvenirs,families',
];
const NATIONALITIES = ['USA,CAN,GBR', 'BIH,SRB,MNE,TUR', 'CHN,JPN,KOR', 'ARE,SAU,QAT', 'UKR,MDA'];

const textArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * Gives each branch `perBranch` promotions (the promotions list's data), spread over the past and
 * coming months, inside PostgreSQL in one statement per call.
 */
export async function generatePromotions(
  db: Db,
  tenants: { companyId: number; branchId: number }[],
  perBranch: number,
): Promise<number> {
  if (perBranch <= 0 || tenants.length === 0) return 0;
  const companyIds = sql.raw(`ARRAY[${tenants.map((t) => t.companyId).join(',')}]::int[]`);
  const branchIds = sql.raw(`ARRAY[${tenants.map((t) => t.branchId).join(',')}]::int[]`);
  await db.execute(sql`
    insert into promotions (company_id, branch_id, title, description, image, start_date, end_date,
      notification_schedule, shopping_behavior, targeted_nationality, created_at, updated_at)
    select t.company_id, t.branch_id,
      (${textArray(TITLES)})[1 + (g + t.company_id) % ${TITLES.length}] || ' #' || g,
      (${textArray(DESCRIPTIONS)})[1 + (g * 5) % ${DESCRIPTIONS.length}],
      'promotion_dummy.jpg',
      (now() - make_interval(days => 90 - g * 5))::date,
      (now() - make_interval(days => 60 - g * 5))::date,
      (now() - make_interval(days => 89 - g * 5))::date + time '09:30:00',
      (${textArray(CATEGORIES)})[1 + g % ${CATEGORIES.length}],
      (${textArray(NATIONALITIES)})[1 + g % ${NATIONALITIES.length}],
      now() - make_interval(hours => g), now()
    from unnest(${companyIds}, ${branchIds}) as t(company_id, branch_id),
      generate_series(1, ${perBranch}) g`);
  return perBranch * tenants.length;
}
