import { sql } from 'drizzle-orm';
import {
  COUNTRY_RULES,
  computeFormAmounts,
  countryRuleIssues,
  parseSetting,
  refundCalculationSettingSchema,
  taxFormPayloadSchema,
} from '@taxfree/domain';
import { countryIso2ById } from '../repositories/countries.repository.ts';
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

  it('holds only forms Croatian customs would accept on the day they were seeded', async () => {
    const lines = await queryRows<{
      id: number;
      issued_govt: number;
      residence_country: number;
      items: string;
      sold: string;
      deadline: string;
      rate: string;
      gross: string;
    }>(
      t.database.db,
      sql`select f.id, f.issued_govt, f.residence_country, f.items,
            to_char(f.date_of_sales, 'YYYY-MM-DD') as sold,
            to_char(f.export_deadline, 'YYYY-MM-DD') as deadline,
            b.vat_product_rate::text as rate, b.gross_sales_price::text as gross
          from tax_forms f join breakdown_lines b on b.tax_form_id = f.id
          order by f.id, b.position`,
    );
    const isoById = await countryIso2ById(t.database.db);
    const refund = parseSetting(refundCalculationSettingSchema, {});
    const ids = [...new Set(lines.map((line) => line.id))];
    expect(ids.length).toBeGreaterThan(4);
    for (const id of ids) {
      const own = lines.filter((line) => line.id === id);
      const first = own[0]!;
      const payload = taxFormPayloadSchema.parse({
        taxform: {
          traveler_name: 'Demo',
          traveler_surname: 'Traveller',
          traveler_mobile: '+381601000000',
          passport: 'P1',
          issued_govt: first.issued_govt,
          residence_country: first.residence_country,
          traveler_address: 'Address',
          items: first.items,
          date_of_sales: first.sold,
          method_of_refund: 'option5',
        },
        invoice: [
          {
            invoice_date: first.sold,
            breakdown: own.map((line) => ({
              vat_product_rate: Number(line.rate),
              net_sales_amount: 0,
              gross_sales_price: Number(line.gross),
            })),
          },
        ],
      });
      const computed = computeFormAmounts(payload, {
        purchaseAmountType: 'GROSS_AMOUNT',
        refund,
        productsMode: false,
      });
      const context = {
        rules: COUNTRY_RULES.HR,
        today: '2026-01-15',
        productsMode: false,
        refund,
        isoOf: (countryId: number) => isoById.get(countryId) ?? null,
      };
      expect(countryRuleIssues(payload, computed, context)).toEqual([]);
      expect(first.deadline >= '2026-01-15').toBe(true);
    }
  });
});
