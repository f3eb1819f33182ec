import { sql } from 'drizzle-orm';
import { reportPeriodProblem, toCents } from '@taxfree/domain';
import { queryRows, type Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/** Forms issued per day (the shop's calendar) over the last `days` days, cancelled ones aside. */
export async function formsPerDay(db: Db, tenant: Tenant, days: number, timeZone: string) {
  const rows = await queryRows<{ day: string; forms: number; vat: string; refund: string }>(
    db,
    sql`with days as (
          select (date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => d))::date as day
          from generate_series(0, ${days - 1}) d
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, count(f.id)::int as forms,
          coalesce(sum(f.vat_amount), 0)::text as vat, coalesce(sum(f.customer_refund), 0)::text as refund
        from days
        left join tax_forms f on f.company_id = ${tenant.companyId} and f.branch_id = ${tenant.branchId}
          and not f.cancelled and (f.created_at at time zone ${timeZone})::date = days.day
        group by days.day
        order by days.day`,
  );
  return rows.map((r) => ({
    date: r.day,
    forms: r.forms,
    vat_amount: toCents(r.vat) / 100,
    refund_amount: toCents(r.refund) / 100,
  }));
}

/** A breakdown's period, as the domain judges it (`reportPeriodProblem`), refused on its wrong end. */
export function assertBreakdownPeriod(from: string, to: string) {
  const problem = reportPeriodProblem(from, to);
  if (problem) throw new AppError('VALIDATION_FAILED', { errors: [problem] });
}

/** VAT by rate over the forms sold between two dates (inclusive), cancelled ones aside. */
export async function vatByRate(db: Db, tenant: Tenant, from: string, to: string) {
  const rows = await queryRows<{
    rate: string;
    forms: number;
    net: string;
    vat: string;
    gross: string;
    refund: string;
  }>(
    db,
    sql`select l.vat_product_rate::text as rate, count(distinct f.id)::int as forms,
          sum(l.net_sales_amount)::text as net, sum(l.vat_amount)::text as vat,
          sum(l.gross_sales_price)::text as gross, sum(l.customer_refund)::text as refund
        from tax_forms f
        join breakdown_lines l on l.company_id = f.company_id and l.tax_form_id = f.id
        where f.company_id = ${tenant.companyId} and f.branch_id = ${tenant.branchId} and not f.cancelled
          and f.date_of_sales between ${from}::date and ${to}::date
        group by l.vat_product_rate
        order by l.vat_product_rate desc`,
  );
  const [total] = await queryRows<{ forms: number }>(
    db,
    sql`select count(*)::int as forms from tax_forms f
        where f.company_id = ${tenant.companyId} and f.branch_id = ${tenant.branchId} and not f.cancelled
          and f.date_of_sales between ${from}::date and ${to}::date`,
  );
  const rates = rows.map((r) => ({
    vat_product_rate: Number(r.rate),
    forms: r.forms,
    net_amount: toCents(r.net) / 100,
    vat_amount: toCents(r.vat) / 100,
    gross_amount: toCents(r.gross) / 100,
    refund_amount: toCents(r.refund) / 100,
  }));
  const sum = (pick: (r: (typeof rates)[number]) => number) =>
    Math.round(rates.reduce((s, r) => s + pick(r) * 100, 0)) / 100;
  return {
    rates,
    totals: {
      forms: total?.forms ?? 0,
      net_amount: sum((r) => r.net_amount),
      vat_amount: sum((r) => r.vat_amount),
      gross_amount: sum((r) => r.gross_amount),
      refund_amount: sum((r) => r.refund_amount),
    },
  };
}
