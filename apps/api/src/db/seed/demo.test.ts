import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { queryRows } from '../client.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo retailer', () => {
  it("dates its sales by the shop's calendar when seeded just after midnight in Zagreb", async () => {
    // 23:30 UTC on 14 January is 00:30 on the 15th in Zagreb.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-14T23:30:00Z') });
    try {
      await t.database.db.transaction((tx) => seedDemo(tx, t.database.files));
    } finally {
      vi.useRealTimers();
    }
    const forms = await queryRows<{ sold: string; invoice: string; created: string }>(
      t.database.db,
      sql`select to_char(date_of_sales, 'YYYY-MM-DD') as sold,
            to_char(invoice_date, 'YYYY-MM-DD') as invoice,
            to_char(created_at at time zone 'Europe/Zagreb', 'YYYY-MM-DD') as created
          from tax_forms order by created_at desc`,
    );
    expect(forms.length).toBeGreaterThan(4);
    // The forms sold at the moment of the seed: today in the shop.
    expect(forms.slice(0, 4)).toEqual(
      Array(4).fill({ sold: '2026-01-15', invoice: '2026-01-15', created: '2026-01-15' }),
    );
    for (const form of forms) expect(form.sold).toBe(form.created);
  });
});
