import { sql } from 'drizzle-orm';
import {
  COUNTRY_RULES,
  computeFormAmounts,
  countryRuleIssues,
  parseSetting,
  refundCalculationSettingSchema,
  stageStepIssues,
  taxFormPayloadSchema,
  toCents,
  type FormStageStep,
} from '@taxfree/domain';
import { countryIso2ById } from '../repositories/countries.repository.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import { queryRows } from '../client.ts';
import { DEMO_ACCOUNT, DEMO_CLERK, demoAccountLine, seedDemo } from './demo.ts';

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

  it('has the manager, the clerk and the two branches the console names, and both sign in', async () => {
    const line = demoAccountLine(true);
    const branches = await queryRows<{ name: string }>(
      t.database.db,
      sql`select b.branch_name as name from branches b join companies c on c.id = b.company_id
          where c.account_no = ${DEMO_ACCOUNT.accountNo} order by b.id`,
    );
    expect(branches).toHaveLength(2);
    for (const { name } of branches) expect(line).toContain(`"${name}"`);
    for (const { username, password, role } of [
      { ...DEMO_ACCOUNT, role: 'manager' },
      { ...DEMO_CLERK, role: 'clerk' },
    ]) {
      expect(line).toContain(`${username}, password ${password}`);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v2/authorization',
        payload: { accountno: DEMO_ACCOUNT.accountNo, username, password },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.role).toBe(role);
    }
  });

  it("writes each traveller's e-mail from every letter of the name", async () => {
    const travellers = await queryRows<{ name: string; surname: string; email: string }>(
      t.database.db,
      sql`select traveler_name as name, traveler_surname as surname, traveler_email as email
          from tax_forms`,
    );
    expect(travellers.length).toBeGreaterThan(4);
    for (const { name, surname, email } of travellers) {
      expect(email).toMatch(/^[a-z-]+\.[a-z-]+@mail\.example$/);
      // Each letter of the name is one or two of the address (đ is dj), never none.
      const [local = ''] = email.split('@');
      expect(local.length).toBeGreaterThanOrEqual(`${name}.${surname}`.length);
    }
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

  it('holds the customs stamp of its validated forms and the payout of its refunded ones', async () => {
    const steps = await queryRows<{
      stage: string;
      sold: string;
      deadline: string;
      refund: string;
      export_date: string | null;
      customs_office: string | null;
      customs_record_number: string | null;
      refund_date: string | null;
      paid_amount: string | null;
      paid_method: string | null;
      exported: string | null;
    }>(
      t.database.db,
      sql`select s.stage, to_char(f.date_of_sales, 'YYYY-MM-DD') as sold,
            to_char(f.export_deadline, 'YYYY-MM-DD') as deadline, f.customer_refund::text as refund,
            to_char(s.export_date, 'YYYY-MM-DD') as export_date, s.customs_office,
            s.customs_record_number, to_char(s.refund_date, 'YYYY-MM-DD') as refund_date,
            s.paid_amount::text as paid_amount, s.paid_method,
            (select to_char(v.export_date, 'YYYY-MM-DD') from form_stages v
              where v.tax_form_id = f.id and v.stage = 'FORM_VALIDATED') as exported
          from form_stages s join tax_forms f on f.id = s.tax_form_id
          where s.stage in ('FORM_VALIDATED', 'FORM_REFUNDED')`,
    );
    expect(steps.filter((s) => s.stage === 'FORM_VALIDATED').length).toBeGreaterThan(4);
    expect(steps.filter((s) => s.stage === 'FORM_REFUNDED').length).toBeGreaterThan(2);
    for (const row of steps) {
      const step: FormStageStep =
        row.stage === 'FORM_VALIDATED'
          ? {
              stage: 'FORM_VALIDATED',
              export_date: row.export_date!,
              customs_office: row.customs_office!,
              customs_record_number: row.customs_record_number!,
            }
          : {
              stage: 'FORM_REFUNDED',
              refund_date: row.refund_date!,
              paid_amount: toCents(row.paid_amount!) / 100,
              paid_method: null,
            };
      if (row.stage === 'FORM_VALIDATED') expect(row.customs_office).toMatch(/^Carinska /);
      else expect([row.paid_amount, row.paid_method]).toEqual([row.refund, expect.any(String)]);
      // Seeded on 15 January in Zagreb: each stamp and payout as the portal would have taken it.
      const context = {
        today: '2026-01-15',
        issueDay: row.sold,
        exportDeadline: row.deadline,
        exportDate: row.exported,
        refund: toCents(row.refund),
        currency: 'EUR',
      };
      expect(stageStepIssues(step, context)).toEqual([]);
    }
  });

  it('gives every form the history the portal would have written: issued, stamped, paid, cancelled', async () => {
    const forms = await queryRows<{
      id: number;
      stage: string;
      cancelled: boolean;
      stages: string[];
      actions: string[];
      issuer: string | null;
    }>(
      t.database.db,
      sql`select f.id, f.status as stage, f.cancelled,
            array(select s.stage from form_stages s where s.tax_form_id = f.id
                  order by s.created_at, s.id) as stages,
            array(select a.action || coalesce(':' || (a.details->>'to'), '') from audit_log a
                  where a.entity = 'tax_form' and a.entity_id = f.id::text
                  order by a.created_at, a.id) as actions,
            (select u.username from audit_log a join users u on u.id = a.user_id
              where a.entity_id = f.id::text and a.action = 'form.issue') as issuer
          from tax_forms f`,
    );
    expect(forms.length).toBeGreaterThan(30);
    for (const form of forms) {
      const stamped = form.stages.slice(1).map((stage) => `form.stage:${stage}`);
      expect(form.actions).toEqual([
        'form.issue',
        ...(form.cancelled ? ['form.cancel'] : []),
        ...stamped,
      ]);
      expect(form.issuer).toBe('demo');
      // Only a form customs has not stamped may be cancelled.
      if (form.cancelled) expect(form.stage).toBe('FORM_SUBMITTED');
    }
    expect(forms.filter((f) => f.cancelled)).toHaveLength(2);
  });
});
