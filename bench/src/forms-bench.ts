import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import { generateForms } from './generate-forms.ts';
import { pgCeiling } from './pg-ceiling.ts';
import { startServer } from './server-process.ts';

/**
 * Refund-form figures on a large data set, on PostgreSQL and on PGlite:
 * list page 1 and a surname-fragment search (p95), issuing forms (forms/s, p95), and PDF rendering (median).
 *
 *   npm run bench:forms -- --engine postgres --companies 100 --forms 10000
 *   npm run bench:forms -- --engine pglite --companies 10 --forms 10000
 */
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const engine = (args.get('engine') ?? 'postgres') as 'postgres' | 'pglite';
const companies = Number(args.get('companies') ?? 100);
const formsPerCompany = Number(args.get('forms') ?? 10_000);
const seconds = Number(args.get('seconds') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const env: Record<string, string> = { DEMO_SEED: 'false', PORT: '18590', LOG_LEVEL: 'warn' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-bench-forms-'));
if (engine === 'postgres') {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists tfr_bench with (force)');
  await admin.query('create database tfr_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/tfr_bench';
  env.DATABASE_URL = url.toString();
  env.DB_POOL_SIZE = '20';
}
env.DATA_DIR = dataDir;

log(`generating ${companies * formsPerCompany} forms over ${companies} companies on ${engine}`);
const generationStarted = Date.now();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
await prepareDatabase(database, { demoSeed: false });
const tenants = await generateForms(database.db, { companies, formsPerCompany, log });
await database.close();
const generationSeconds = (Date.now() - generationStarted) / 1000;
log(`generated in ${generationSeconds.toFixed(0)} s`);

const server = await startServer(env);
const tenant = tenants[Math.floor(tenants.length / 2)]!;
const login = await fetch(`${server.url}/api/v2/authorization`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    accountno: tenant.accountNo,
    username: 'bench',
    password: 'bench-password',
  }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const base = `${server.url}/api/v2/companies/${tenant.companyId}/retailers/${tenant.branchId}/taxforms`;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

type Row = {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
};
const rows: Row[] = [];
async function load(scenario: string, options: Partial<autocannon.Options>) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    ...options,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  // autocannon's histogram has no p95: p90 and p97.5 bracket it (p95 ≤ p97.5).
  rows.push({
    scenario,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors,
  });
  log(
    `${scenario}: ${rows.at(-1)!.reqPerSec} req/s, p50 ${rows.at(-1)!.p50} ms, p99 ${rows.at(-1)!.p99} ms, ${errors} errors`,
  );
}

await load('list page 1', { url: `${base}?perPage=5&page=1` });
await load('search surname fragment', {
  url: `${base}?perPage=5&page=1&search=${encodeURIComponent('odžić')}`,
});
// A scanned barcode: one form of the branch, from the middle of its history.
const scanned = (
  (await (await fetch(`${base}?perPage=1&page=5000`, { headers })).json()) as {
    data: { barcode: string }[];
  }
).data[0]!.barcode;
await load('search scanned barcode', { url: `${base}?perPage=5&page=1&search=${scanned}` });

const today = new Date().toISOString().slice(0, 10);
const issueBody = JSON.stringify({
  taxform: {
    traveler_name: 'Wei',
    traveler_surname: 'Zhang',
    traveler_email: '',
    traveler_mobile: '+86 138 0013 8000',
    passport: 'E12345678',
    issued_govt: 42,
    nationality: 42,
    traveler_dob: '',
    traveler_postcode: '',
    traveler_address: '1 Chang An Avenue, Beijing',
    items: 'Coat',
    date_arrived: '',
    date_leaving: '',
    country_final: null,
    date_of_sales: today,
    invoice_date: '',
    method_of_shipment: 'Carried by the traveller',
    freight_forward_name: '',
    freight_forward_address: '',
    method_of_refund: 'option5',
    acc_details: '',
    email_or_mobile: '',
    iban: '',
    swift: '',
    bank_name: '',
    bank_address: '',
    invoice_reference_number: 'R-1',
    no_auto_calculation: 0,
  },
  invoice: [
    {
      invoice_date: today,
      invoice_reference_number: 'R-1',
      customer_refund: 25,
      gross_sales_price: 125,
      refund_amount: 25,
      vat_amount: 25,
      vat_product_rate: 25,
      breakdown: [
        {
          vat_product_rate: 25,
          net_sales_amount: 100,
          vat_amount: 25,
          gross_sales_price: 125,
          customer_refund: 25,
        },
      ],
    },
  ],
  products: [],
});
await load('issue a form', { url: `${base}/issue`, method: 'POST', body: issueBody });

const list = (await (await fetch(`${base}?perPage=1`, { headers })).json()) as {
  data: { id: number }[];
};
const formId = list.data[0]!.id;
const pdfTimes: number[] = [];
for (let i = 0; i < 30; i += 1) {
  const t = performance.now();
  const response = await fetch(`${base}/download/${formId}`, { headers });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  pdfTimes.push(performance.now() - t);
}
pdfTimes.sort((a, b) => a - b);
const pdfMedianMs = Math.round(pdfTimes[15]! * 10) / 10;
log(`PDF median ${pdfMedianMs} ms`);

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// The ceiling to compare with, on PostgreSQL: the same statements with no web framework.
if (engine === 'postgres') {
  log('bare pg ceiling');
  rows.push(
    ...(await pgCeiling({
      databaseUrl: env.DATABASE_URL!,
      token,
      tenant,
      surname: 'odžić',
      connections,
      poolSize: Number(env.DB_POOL_SIZE),
      seconds,
    })),
  );
  for (const name of ['list page 1', 'search surname fragment']) {
    const ours = rows.find((r) => r.scenario === name);
    const bare = rows.find((r) => r.scenario === `bare pg: ${name}`);
    if (ours && bare)
      log(
        `${name}: ${Math.round((ours.reqPerSec / bare.reqPerSec) * 100)} % of the bare pg throughput`,
      );
  }
}

console.table(rows);
const out = path.resolve(import.meta.dirname, `../results/forms-${engine}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), engine, companies, formsPerCompany, totalForms: companies * formsPerCompany, connections, seconds, generationSeconds, scenarios: rows, pdfMedianMs, note: 'latencies in ms; p95 lies between p90 and p97.5' }, null, 2)}\n`,
);
console.log(`written to ${out}`);
