import { sql } from 'drizzle-orm';
import { createRetailer } from '../../apps/api/src/cli/commands.ts';
import { queryRows, type Db } from '../../apps/api/src/db/client.ts';

/** Travellers' names as passports print them, diacritics included. */
const NAMES = [
  'Aleksandar',
  'Emina',
  'Wei',
  'Mehmet',
  'Yuki',
  'Jürg',
  'Kateryna',
  'Sophie',
  'Oliver',
  'Lars',
  'Đorđe',
  'Amra',
  'Sarah',
  'Ji-woo',
  'Priya',
  'Mateus',
  'Fatima',
  'Þóra',
  'Nikola',
  'Selma',
  'Chen',
  'Olga',
  'Dmitrij',
  'Ayşe',
  'Hiroshi',
  'Zoë',
  'Søren',
  'João',
  'Anaïs',
  'Björn',
  'Łukasz',
  'Zeynep',
  'Miloš',
  'Jelena',
  'Tarık',
  'Ömer',
  'Naoko',
  'Ivana',
  'Dženan',
  'Ángel',
];
const SURNAMES = [
  'Petrović',
  'Hodžić',
  'Zhang',
  'Yılmaz',
  'Tanaka',
  'Müller',
  'Shevchenko',
  'Tremblay',
  'Jones',
  'Ødegård',
  'Nikolić',
  'Čaušević',
  'Goldberg',
  'Park',
  'Sharma',
  'Gonçalves',
  'Al-Mansouri',
  'Sigurðardóttir',
  'Jovanović',
  'Begović',
  'Wang',
  'Ivanova',
  'Kuznetsov',
  'Demir',
  'Suzuki',
  'Dupont',
  'Jørgensen',
  'Silva',
  'Lefèvre',
  'Andersson',
  'Kowalski',
  'Öztürk',
  'Marković',
  'Đukić',
  'Kaya',
  'Şahin',
  'Watanabe',
  'Horvat',
  'Mehmedović',
  'García',
  'Li',
  'Smith',
  'Brown',
  'Kim',
  'Lee',
  'Singh',
  'Patel',
  'Novak',
  'Kovačević',
  'Babić',
  'Popović',
  'Stojanović',
  'Rossi',
  'Fernández',
  'López',
  'Nguyễn',
  'Tran',
  'Cohen',
  'Levi',
  'O’Brien',
];

const pgArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** A generated retailer: its one branch, its account number and how many forms it was given. */
export type BenchTenant = { companyId: number; branchId: number; accountNo: string; forms: number };

/**
 * The forms of each company of a data set: `companies` ordinary ones of `formsPerCompany` forms,
 * then one of each size of the curve that none of them has, and one of `formsPerCompany` forms
 * when there is none yet (the main scenarios use a company of that size).
 */
export function companySizes(
  ordinary: { companies: number; formsPerCompany: number },
  curve: number[],
): number[] {
  const sizes: number[] = Array.from(
    { length: ordinary.companies },
    () => ordinary.formsPerCompany,
  );
  for (const size of [...curve, ordinary.formsPerCompany])
    if (!sizes.includes(size)) sizes.push(size);
  return sizes;
}

/**
 * Fills a database with one retailer per entry of `sizes`, with that many forms, generated inside
 * PostgreSQL (INSERT … SELECT over generate_series), with invoices, breakdown lines and stages.
 * Barcodes come from the real sequence with the real check digit, so issuing afterwards works.
 */
export async function generateForms(
  db: Db,
  options: { sizes: number[]; log?: (line: string) => void },
): Promise<BenchTenant[]> {
  const log = options.log ?? (() => {});
  await db.execute(sql`create or replace function bench_luhn(body text) returns int language plpgsql immutable as $$
    declare s int := 0; d int; n int := length(body);
    begin
      for i in 0..n - 1 loop
        d := substr(body, n - i, 1)::int;
        if i % 2 = 0 then d := d * 2; if d > 9 then d := d - 9; end if; end if;
        s := s + d;
      end loop;
      return (10 - s % 10) % 10;
    end $$`);
  const tenants: BenchTenant[] = [];
  for (const [c, forms] of options.sizes.entries()) {
    const accountNo = String(900_000 + c);
    await createRetailer(db, {
      accountNo,
      username: 'bench',
      password: 'bench-password',
      company: `Bench Retail ${c}`,
      branch: 'Main',
      country: 'HR',
    });
    await db.execute(sql`update users set must_change_password = false where username = 'bench'`);
    // The legal identity every form prints (a valid Croatian OIB).
    await db.execute(
      sql`update companies set legal_name = ${`Bench Retail ${c} d.o.o.`},
        address = 'Ilica 12, 10000 Zagreb', vat_number = '69435151530'
        where account_no = ${accountNo}`,
    );
    const [row] = await queryRows<{ company_id: number; branch_id: number }>(
      db,
      sql`select c.id as company_id, b.id as branch_id from companies c join branches b on b.company_id = c.id where c.account_no = ${accountNo}`,
    );
    tenants.push({ companyId: row!.company_id, branchId: row!.branch_id, accountNo, forms });
  }
  log(`created ${tenants.length} retailers`);

  const started = Date.now();
  let generated = 0;
  for (const [index, tenant] of tenants.entries()) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into tax_forms (company_id, branch_id, barcode, status, traveler_name, traveler_surname, traveler_email,
          traveler_mobile, passport, issued_govt, nationality, traveler_address, items, date_of_sales, invoice_date,
          method_of_shipment, method_of_refund, invoice_reference_number, gross_sales_price, gross_amount, net_amount,
          vat_amount, refund_amount, customer_refund, cancelled, ilr, created_at, updated_at, search_text)
        select ${tenant.companyId}, ${tenant.branchId}, v.barcode,
          (array['FORM_SUBMITTED','FORM_VALIDATED','FORM_COLLECTED','FORM_REFUNDED'])[1 + (g % 4)],
          v.name, v.surname, v.email,
          '+38160' || lpad((g % 10000000)::text, 7, '0'),
          v.passport,
          1 + g % 250, 1 + (g * 3) % 250, g || ' Main Street', 'Goods',
          (now() - make_interval(days => g % 730))::date, (now() - make_interval(days => g % 730))::date,
          'Carried by the traveller', (array['option2','option3','option5','option6'])[1 + g % 4],
          v.reference,
          (100 + g % 900) * 1.25, (100 + g % 900) * 1.25, 100 + g % 900, (100 + g % 900) * 0.25,
          (100 + g % 900) * 0.25, (100 + g % 900) * 0.25, g % 50 = 0, g % 4 = 0 and g % 50 <> 0,
          now() - make_interval(days => g % 730, secs => g % 86400), now(),
          concat_ws(chr(31), v.barcode, v.name, v.surname, v.email, v.passport, v.reference, v.reference)
        from (select nextval('tax_form_barcode_serial') as s, g from generate_series(1, ${tenant.forms}) g) numbered,
          lateral (select
            lpad(${tenant.companyId}::text, 5, '0') || lpad(s::text, 9, '0') || bench_luhn(lpad(${tenant.companyId}::text, 5, '0') || lpad(s::text, 9, '0')) as barcode,
            (${pgArray(NAMES)})[1 + (hashint4(g) & 2147483647) % ${NAMES.length}] as name,
            (${pgArray(SURNAMES)})[1 + (hashint4(g + 7919) & 2147483647) % ${SURNAMES.length}] as surname,
            'traveller' || g || '@mail.example' as email,
            chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad((g * 7919 % 10000000)::text, 7, '0') as passport,
            'R-' || ${tenant.companyId} || '-' || g as reference) v`);
      await tx.execute(sql`
        insert into invoices (company_id, tax_form_id, position, invoice_date, invoice_reference_number, net_amount,
          vat_amount, gross_sales_price, refund_amount, customer_refund, vat_product_rate)
        select company_id, id, 1, invoice_date, invoice_reference_number, net_amount, vat_amount, gross_amount,
          refund_amount, customer_refund, 25
        from tax_forms where company_id = ${tenant.companyId}`);
      await tx.execute(sql`
        insert into breakdown_lines (company_id, tax_form_id, invoice_id, position, vat_product_rate, net_sales_amount,
          vat_amount, gross_sales_price, customer_refund)
        select company_id, tax_form_id, id, 1, 25, net_amount, vat_amount, gross_sales_price, customer_refund
        from invoices where company_id = ${tenant.companyId}`);
      await tx.execute(sql`
        insert into form_stages (company_id, tax_form_id, stage, created_at)
        select company_id, id, stage, created_at + make_interval(days => k)
        from tax_forms, lateral (select k, (array['FORM_SUBMITTED','FORM_VALIDATED','FORM_COLLECTED','FORM_REFUNDED'])[k + 1] as stage
          from generate_series(0, array_position(array['FORM_SUBMITTED','FORM_VALIDATED','FORM_COLLECTED','FORM_REFUNDED'], status) - 1) k) stages
        where company_id = ${tenant.companyId}`);
    });
    generated += tenant.forms;
    if ((index + 1) % 10 === 0 || tenant.forms >= 100_000)
      log(`${generated} forms after ${Math.round((Date.now() - started) / 1000)} s`);
  }
  // Sets the visibility map as a live database's autovacuum would, so counts read the index only.
  await db.execute(sql`vacuum analyze`);
  return tenants;
}
