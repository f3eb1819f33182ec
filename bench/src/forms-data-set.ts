import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import type { BenchOptions, Engine } from './args.ts';
import { companySizes, generateForms, type BenchTenant } from './generate-forms.ts';
import { generatePromotions } from './generate-promotions.ts';
import type { SizeCurveCompany } from './size-curve.ts';

/** The server's pool on PostgreSQL, and so the ceilings' pools. */
export const POOL_SIZE = 20;

/** Makes an empty benchmark database on the PostgreSQL server and answers its URL. */
async function freshPostgres(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists tfr_bench with (force)');
  await admin.query('create database tfr_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/tfr_bench';
  return url.toString();
}

/** `count` forms of the branch in a fixed pseudo-random order, from the `offset`th on. */
function formsOf(database: Database, tenant: BenchTenant, count: number, offset = 0) {
  return queryRows<{ id: number; barcode: string }>(
    database.db,
    sql`select id::int as id, barcode from tax_forms
      where company_id = ${tenant.companyId} and branch_id = ${tenant.branchId}
      order by hashint8(id) offset ${offset} limit ${count}`,
  );
}

/** One engine's generated data set, the server's environment on it, and the forms the runs take. */
export type BenchDataSet = {
  /** Each company's size, in forms. */
  sizes: number[];
  totalForms: number;
  generationSeconds: number;
  dataDir: string;
  env: Record<string, string>;
  /** The main scenarios' company, and forms of its branch. */
  tenant: BenchTenant;
  forms: { id: number; barcode: string }[];
  unprintedForms: { id: number; barcode: string }[];
  curveCompanies: SizeCurveCompany[];
};

/**
 * Generates one engine's data set in a new data directory (and on PostgreSQL a fresh database):
 * every company's forms and the branches' promotions, with the server's environment on it.
 */
export async function generateDataSet(
  engine: Engine,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<BenchDataSet> {
  const { formsPerCompany } = options.size[engine];
  const sizes = companySizes(options.size[engine], options.sizeCurve);
  const totalForms = sizes.reduce((sum, forms) => sum + forms, 0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tfr-bench-${engine}-`));
  const env: Record<string, string> = {
    DEMO_SEED: 'false',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // One company sends every upload: its quota, rate (429 after four such uploads) and share of
    // the places are lifted so that the run measures the server's own ceiling (its queues and
    // 503s), not the company's.
    UPLOAD_TEMP_QUOTA_BYTES: String(1024 ** 4),
    UPLOAD_RATE_PER_MINUTE: '100000',
    UPLOAD_MAX_IN_PROGRESS_PER_COMPANY: '1000',
  };
  if (engine === 'postgres') {
    env.DATABASE_URL = await freshPostgres(options.adminUrl);
    env.DB_POOL_SIZE = String(POOL_SIZE);
  }

  log(`${engine}: generating ${totalForms} forms over ${sizes.length} companies`);
  const generationStarted = Date.now();
  // A company of 100,000 forms is written by single statements longer than the server's limit.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    statementTimeoutMs: 3_600_000,
  });
  await prepareDatabase(database, { demoSeed: false });
  const tenants = await generateForms(database.db, { sizes, log });
  const promotions = await generatePromotions(database.db, tenants, options.promotionsPerBranch);
  const generationSeconds = (Date.now() - generationStarted) / 1000;
  log(`${engine}: generated in ${generationSeconds.toFixed(0)} s (and ${promotions} promotions)`);
  // The main scenarios' company: the middle one of the ordinary size.
  const ordinary = tenants.filter((t) => t.forms === formsPerCompany);
  const tenant = ordinary[Math.floor(ordinary.length / 2)]!;
  const forms = await formsOf(database, tenant, 500);
  // The first-print scenario takes each of these once: more than its runs can print.
  const unprintedForms = await formsOf(database, tenant, 4000, 500);
  // The size curve's companies: the first of each size.
  const curveCompanies: SizeCurveCompany[] = [];
  for (const size of options.sizeCurve) {
    const company = tenants.find((t) => t.forms === size)!;
    curveCompanies.push({ tenant: company, forms: await formsOf(database, company, 500) });
  }
  await database.close();
  return {
    sizes,
    totalForms,
    generationSeconds,
    dataDir,
    env,
    tenant,
    forms,
    unprintedForms,
    curveCompanies,
  };
}
