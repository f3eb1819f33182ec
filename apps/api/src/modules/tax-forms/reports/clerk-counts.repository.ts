import { sql } from 'drizzle-orm';
import type { ClerkToday } from '@taxfree/domain';
import { queryRows, type Db } from '../../../db/client.ts';

/**
 * Every active user of the company with the forms it issued today (the shop's calendar day in
 * `timeZone`), cancelled ones aside: the most first, then by name. One statement, company-scoped.
 */
export async function formsTodayPerClerk(
  db: Db,
  companyId: number,
  timeZone: string,
): Promise<ClerkToday[]> {
  return queryRows<{
    user_id: number;
    name: string;
    branch_name: string;
    forms: number;
  }>(
    db,
    sql`select u.id as user_id, u.name, b.branch_name, count(f.id)::int as forms
        from users u
        join branches b on b.company_id = u.company_id and b.id = u.branch_id
        left join tax_forms f on f.company_id = u.company_id and f.created_by = u.id
          and not f.cancelled
          and f.created_at >= (date_trunc('day', now() at time zone ${timeZone})) at time zone ${timeZone}
        where u.company_id = ${companyId} and u.active
        group by u.id, u.name, b.branch_name
        order by forms desc, u.name, u.id`,
  );
}
