import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { auditLog, formStages, taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
/** The shop's today: the day the stamp and the payout are dated by in these tests. */
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
});
afterAll(() => t.close());

const url = (path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

/** A form issued through the API: 27.60 EUR refund by card (option2). */
async function issueForm(passport: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: bearer(token),
    payload: issuePayload({ today, taxform: { passport } }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

const record = (formId: number, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(`/${formId}/stages`),
    headers: { ...bearer(token), ...headers },
    payload: body,
  });

const stamp = () => ({
  stage: 'FORM_VALIDATED',
  export_date: today,
  customs_office: 'Carinska ispostava Zračna luka Zagreb',
  customs_record_number: 'HR-2026-004711',
});

const formRow = async (id: number) =>
  (await t.database.db.select().from(taxForms).where(eq(taxForms.id, id)))[0]!;

describe('POST …/taxforms/{formId}/stages', () => {
  it('records customs validation, receipt and payout in order, with their details and the user', async () => {
    const form = await issueForm('STAGE0001');

    const validated = await record(form.id, stamp());
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({
      status: 'success',
      message: 'Customs validation recorded',
      data: {
        id: form.id,
        barcode: form.barcode,
        status: 'FORM_VALIDATED',
        step: {
          stage: 'FORM_VALIDATED',
          source: 'portal',
          export_date: today,
          customs_office: 'Carinska ispostava Zračna luka Zagreb',
          customs_record_number: 'HR-2026-004711',
          refund_date: null,
          paid_amount: null,
          paid_method: null,
        },
      },
    });
    // Validated by customs: no longer cancellable, a new version for the next print.
    expect(await formRow(form.id)).toMatchObject({
      status: 'FORM_VALIDATED',
      ilr: false,
      version: 2,
    });

    const received = await record(form.id, { stage: 'FORM_COLLECTED' });
    expect(received.statusCode).toBe(200);
    expect(received.json().message).toBe('Receipt of the stamped form recorded');

    const paid = await record(form.id, {
      stage: 'FORM_REFUNDED',
      refund_date: today,
      paid_amount: 20.5,
      paid_method: 'option5',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'Refund payment recorded',
      data: {
        status: 'FORM_REFUNDED',
        step: { refund_date: today, paid_amount: 20.5, paid_method: 'option5' },
      },
    });
    expect(await formRow(form.id)).toMatchObject({ status: 'FORM_REFUNDED', version: 4 });

    // The status panel's history: every stage, when, by whom, and what was recorded with it.
    const stat = await t.app.inject({ url: url(`/stat/${form.id}`), headers: bearer(token) });
    expect(stat.statusCode).toBe(200);
    expect(stat.json().data).toMatchObject({ status: 'FORM_REFUNDED', cancelled: '0' });
    expect(stat.json().data.stages).toEqual([
      {
        stage: 'FORM_SUBMITTED',
        created_at: expect.any(String),
        source: 'portal',
        export_date: null,
        customs_office: null,
        customs_record_number: null,
        refund_date: null,
        paid_amount: null,
        paid_method: null,
        // The retailer's first user is named after its username.
        user_name: shop.username,
      },
      expect.objectContaining({
        stage: 'FORM_VALIDATED',
        user_name: shop.username,
        export_date: today,
        customs_office: 'Carinska ispostava Zračna luka Zagreb',
        customs_record_number: 'HR-2026-004711',
      }),
      expect.objectContaining({ stage: 'FORM_COLLECTED', export_date: null, paid_amount: null }),
      expect.objectContaining({
        stage: 'FORM_REFUNDED',
        refund_date: today,
        paid_amount: 20.5,
        paid_method: 'option5',
      }),
    ]);
    const detail = await t.app.inject({ url: url(`/${form.id}`), headers: bearer(token) });
    expect(detail.json().data.taxforms).toMatchObject({ status: 'FORM_REFUNDED', ilr: 0 });

    const rows = await t.database.db
      .select()
      .from(formStages)
      .where(eq(formStages.taxFormId, form.id))
      .orderBy(asc(formStages.id));
    expect(rows.map((r) => [r.stage, r.userId, r.source])).toEqual([
      ['FORM_SUBMITTED', shop.userId, 'portal'],
      ['FORM_VALIDATED', shop.userId, 'portal'],
      ['FORM_COLLECTED', shop.userId, 'portal'],
      ['FORM_REFUNDED', shop.userId, 'portal'],
    ]);
    expect(rows[3]!.paidAmount).toBe('20.50');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'tax_form'),
          eq(auditLog.entityId, String(form.id)),
          // The traveller's e-mails are audited by their own attempts, whenever they leave.
          ne(auditLog.action, 'form.mail'),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([
      ['form.issue', shop.userId],
      ['form.stage', shop.userId],
      ['form.stage', shop.userId],
      ['form.stage', shop.userId],
    ]);
    expect(audit.slice(1).map((a) => a.details)).toEqual([
      {
        barcode: form.barcode,
        from: 'FORM_SUBMITTED',
        to: 'FORM_VALIDATED',
        source: 'portal',
        export_date: today,
        customs_office: 'Carinska ispostava Zračna luka Zagreb',
        customs_record_number: 'HR-2026-004711',
      },
      { barcode: form.barcode, from: 'FORM_VALIDATED', to: 'FORM_COLLECTED', source: 'portal' },
      {
        barcode: form.barcode,
        from: 'FORM_COLLECTED',
        to: 'FORM_REFUNDED',
        source: 'portal',
        refund_date: today,
        paid_amount: 20.5,
        paid_method: 'option5',
      },
    ]);
  });

  it("pays by the form's own refund method when none is named, the whole refund at most", async () => {
    const form = await issueForm('STAGE0002');
    await record(form.id, stamp());
    await record(form.id, { stage: 'FORM_COLLECTED' });
    const paid = await record(form.id, {
      stage: 'FORM_REFUNDED',
      refund_date: today,
      paid_amount: '27.60',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.step).toMatchObject({ paid_amount: 27.6, paid_method: 'option2' });
  });

  it('answers in the language asked for', async () => {
    const form = await issueForm('STAGE0003');
    const validated = await record(form.id, stamp(), { 'accept-language': 'hr' });
    expect(validated.json().message).toBe('Carinska ovjera je zabilježena');
    const received = await record(
      form.id,
      { stage: 'FORM_COLLECTED' },
      { 'accept-language': 'de' },
    );
    expect(received.json().message).toBe('Eingang des abgestempelten Formulars erfasst');
  });

  it('records a step once for a retried request with the same Idempotency-Key', async () => {
    const form = await issueForm('STAGE0004');
    const key = { 'idempotency-key': `stage-${form.id}-validated` };
    const first = await record(form.id, stamp(), key);
    const retry = await record(form.id, stamp(), key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const stages = await t.database.db
      .select()
      .from(formStages)
      .where(eq(formStages.taxFormId, form.id));
    expect(stages.map((s) => s.stage)).toEqual(['FORM_SUBMITTED', 'FORM_VALIDATED']);
    const reused = await record(form.id, { stage: 'FORM_COLLECTED' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('lets only one of two clerks recording the same stage at once succeed', async () => {
    const form = await issueForm('STAGE0005');
    const answers = await Promise.all([record(form.id, stamp()), record(form.id, stamp())]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('FORM_STAGE_NOT_FORWARD');
    const stages = await t.database.db
      .select()
      .from(formStages)
      .where(eq(formStages.taxFormId, form.id));
    expect(stages).toHaveLength(2);
  });
});
