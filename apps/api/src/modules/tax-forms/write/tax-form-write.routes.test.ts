import { announceChange } from '../../../db/change-notices.ts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, isValidBarcode } from '@taxfree/domain';
import {
  auditLog,
  countries,
  formStages,
  idempotencyKeys,
  settings,
  taxForms,
  travellers,
} from '../../../db/schema/index.ts';
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
let other: Retailer;
let token: string;
/** The shop's today, as the server checks the dates sent (not UTC's, nor the machine's). */
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
});
afterAll(() => t.close());

const payload = (overrides: Parameters<typeof issuePayload>[0] = {}) =>
  issuePayload({ today, ...overrides });

const url = (path: string, as: Retailer = shop) =>
  `/api/v2/companies/${as.companyId}/retailers/${as.branchId}/taxforms${path}`;
const issue = (body: unknown, headers: Record<string, string> = {}, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: { ...bearer(auth), ...headers },
    payload: body as object,
  });
const formCount = async () => (await t.database.db.select({ n: count() }).from(taxForms))[0]!.n;

describe('POST …/taxforms/issue', () => {
  it('issues a form with its invoice, lines, traveller, first stage and audit entry', async () => {
    const response = await issue(payload());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Form saved successfully');
    expect(isValidBarcode(body.data.barcode)).toBe(true);
    expect(body.data.barcode.startsWith(String(shop.companyId).padStart(5, '0'))).toBe(true);

    const detail = (
      await t.app.inject({ url: url(`/${body.data.id}`), headers: bearer(token) })
    ).json().data;
    expect(detail.taxforms).toMatchObject({
      status: 'FORM_SUBMITTED',
      gross_amount: 147.6,
      net_amount: 120,
      vat_amount: 27.6,
      refund_amount: 27.6,
      ilr: 1,
      cancelled: '0',
      traveler_mobile: '+8613800138000',
      acc_details: '•••• •••• •••• 1111',
      invoice_reference_number: 'R-2026-77',
    });
    expect(detail.invoice).toHaveLength(1);
    expect(detail.invoice[0].breakdown.map((l: { vat_amount: number }) => l.vat_amount)).toEqual([
      25, 2.6,
    ]);

    const stages = await t.database.db
      .select()
      .from(formStages)
      .where(eq(formStages.taxFormId, body.data.id));
    expect(stages.map((s) => s.stage)).toEqual(['FORM_SUBMITTED']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tax_form'), eq(auditLog.entityId, String(body.data.id))));
    // The traveller's e-mail is audited by its own attempts, whenever it leaves.
    expect(audit.map((a) => a.action).filter((action) => action !== 'form.mail')).toEqual([
      'form.issue',
    ]);
    const [traveller] = await t.database.db
      .select()
      .from(travellers)
      .where(eq(travellers.companyId, shop.companyId));
    expect(traveller).toMatchObject({ passport: 'E12345678', surname: 'Zhang' });
  });

  it('keeps the card number unreadable in the database', async () => {
    await issue(payload({ taxform: { acc_details: '5555 5555 5555 4444', passport: 'CARD0001' } }));
    const dump = await t.database.db.execute(sql`select * from tax_forms`);
    expect(JSON.stringify(dump)).not.toContain('5555555555554444');
    expect(JSON.stringify(dump)).toContain('4444');
  });

  it('lists the invalid fields in the language asked for and writes nothing', async () => {
    const before = await formCount();
    const blank = await issue(payload({ taxform: { traveler_name: '', traveler_email: 'nope' } }), {
      'accept-language': 'de',
    });
    expect(blank.statusCode).toBe(400);
    const fields = blank.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['taxform.traveler_name', 'taxform.traveler_email']),
    );
    // Rules that depend on the settings and on other fields: the card of the chosen method.
    const badCard = await issue(payload({ taxform: { acc_details: '4111 1111 1111 1112' } }), {
      'accept-language': 'de',
    });
    expect(badCard.statusCode).toBe(400);
    const [error] = badCard.json().errors;
    expect(error.field).toBe('taxform.acc_details');
    expect(error.message).not.toBe('Invalid credit card number');
    const english = await issue(payload({ taxform: { acc_details: '4111 1111 1111 1112' } }));
    expect(english.json().errors[0].message).toBe('Invalid credit card number');
    expect(await formCount()).toBe(before);
  });

  it('refuses amounts that disagree with the lines, unless typed by hand', async () => {
    const before = await formCount();
    const wrong = payload();
    (wrong.invoice[0] as { vat_amount: number }).vat_amount = 30;
    const refused = await issue(wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('AMOUNTS_DISAGREE');
    expect(refused.json().errors).toEqual([
      { field: 'invoice.0.vat_amount', message: 'This amount does not match the invoice lines' },
    ]);
    expect(await formCount()).toBe(before);

    // By hand, a receipt's own rounding is kept: a cent more VAT on the first line.
    const manual = payload({ taxform: { no_auto_calculation: 1, passport: 'MANUAL01' } });
    type Amounts = { vat_amount: number; customer_refund: number; net_sales_amount: number };
    const invoice = manual.invoice[0] as Amounts & { refund_amount: number; breakdown: Amounts[] };
    Object.assign(invoice.breakdown[0]!, {
      net_sales_amount: 99.99,
      vat_amount: 25.01,
      customer_refund: 25.01,
    });
    Object.assign(invoice, { vat_amount: 27.61, customer_refund: 27.61, refund_amount: 27.61 });
    const accepted = await issue(manual);
    expect(accepted.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(taxForms)
      .where(eq(taxForms.id, accepted.json().data.id));
    expect(row).toMatchObject({ manualAmounts: true, vatAmount: '27.61' });
  });

  it('writes nothing at all when the database fails half-way', async () => {
    const db = t.database.db;
    await db.execute(sql`create or replace function fail_on_marker() returns trigger language plpgsql as $$
      begin if new.net_sales_amount = 666.66 then raise exception 'injected failure'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger fail_on_marker before insert on breakdown_lines for each row execute function fail_on_marker()`,
    );
    try {
      const before = await formCount();
      const travellersBefore = (await db.select({ n: count() }).from(travellers))[0]!.n;
      const body = payload({
        taxform: { passport: 'HALFWAY01' },
        invoice: [
          {
            invoice_date: today,
            invoice_reference_number: 'X',
            customer_refund: 166.67,
            gross_sales_price: 833.33,
            refund_amount: 166.67,
            vat_amount: 166.67,
            vat_product_rate: 25,
            breakdown: [
              {
                vat_product_rate: 25,
                net_sales_amount: 666.66,
                vat_amount: 166.67,
                gross_sales_price: 833.33,
                customer_refund: 166.67,
              },
            ],
          },
        ],
      });
      const response = await issue(body, { 'idempotency-key': 'halfway-key-1' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 'error', code: 'INTERNAL' });
      expect(await formCount()).toBe(before);
      expect((await db.select({ n: count() }).from(travellers))[0]!.n).toBe(travellersBefore);
      const keys = await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'halfway-key-1'));
      expect(keys).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger fail_on_marker on breakdown_lines`);
    }
  });
});

describe('retries and concurrency', () => {
  it('creates one form for the same Idempotency-Key sent ten times at once', async () => {
    const before = await formCount();
    const body = payload({ taxform: { passport: 'RETRY0001' } });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => issue(body, { 'idempotency-key': 'retry-key-0001' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data.barcode)).size).toBe(1);
    expect(await formCount()).toBe(before + 1);
  });

  it('refuses a key reused with a different form', async () => {
    await issue(payload({ taxform: { passport: 'REUSE0001' } }), {
      'idempotency-key': 'reused-key-001',
    });
    const reused = await issue(payload({ taxform: { passport: 'REUSE0002' } }), {
      'idempotency-key': 'reused-key-001',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('gives 50 concurrent issues 50 distinct valid barcodes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        issue(payload({ taxform: { passport: `BULK${String(i).padStart(5, '0')}` } }), {
          'idempotency-key': `bulk-key-${i}-xyz`,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const barcodes = answers.map((a) => a.json().data.barcode as string);
    expect(new Set(barcodes).size).toBe(50);
    expect(barcodes.every(isValidBarcode)).toBe(true);
    // The list's kept total follows every issue, concurrent ones included.
    const listed = (await t.app.inject({ url: url('?perPage=5'), headers: bearer(token) })).json();
    expect(listed.metadata.total).toBe(await formCount());
  });
});

describe('POST …/taxforms/update/{id}', () => {
  it('leaves the form exactly as it was when the database fails half-way through an update', async () => {
    const db = t.database.db;
    const issued = (await issue(payload({ taxform: { passport: 'UPDHALF01' } }))).json<{
      data: { id: number };
    }>().data;
    const read = async () =>
      (await t.app.inject({ url: url(`/${issued.id}`), headers: bearer(token) })).json<{
        data: unknown;
      }>().data;
    const auditCount = async () => (await db.select({ n: count() }).from(auditLog))[0]!.n;
    // The traveller's e-mail of the issue is sent (and audited) first, not during the count.
    await t.app.formMails.runDue();
    const before = await read();
    const auditBefore = await auditCount();
    await db.execute(sql`create or replace function fail_on_marker() returns trigger language plpgsql as $$
      begin if new.net_sales_amount = 666.66 then raise exception 'injected failure'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger fail_on_marker before insert on breakdown_lines for each row execute function fail_on_marker()`,
    );
    try {
      const changed = payload({
        taxform: { passport: 'UPDHALF01', traveler_name: 'Changed', items: 'Changed items' },
        invoice: [
          {
            invoice_date: today,
            invoice_reference_number: 'HALF-UPDATE',
            customer_refund: 166.67,
            gross_sales_price: 833.33,
            refund_amount: 166.67,
            vat_amount: 166.67,
            vat_product_rate: 25,
            breakdown: [
              {
                vat_product_rate: 25,
                net_sales_amount: 666.66,
                vat_amount: 166.67,
                gross_sales_price: 833.33,
                customer_refund: 166.67,
              },
            ],
          },
        ],
      });
      const response = await t.app.inject({
        method: 'POST',
        url: url(`/update/${issued.id}`),
        headers: bearer(token),
        payload: changed,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 'error', code: 'INTERNAL' });
    } finally {
      await db.execute(sql`drop trigger fail_on_marker on breakdown_lines`);
    }
    // The traveller, the invoices and their lines, and the audit trail are as before.
    expect(await read()).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('replaces the contents, keeps the barcode and, when sent masked, the stored card', async () => {
    const issued = (await issue(payload({ taxform: { passport: 'UPDATE001' } }))).json().data;
    const changed = payload({
      taxform: {
        passport: 'UPDATE001',
        traveler_surname: 'Zhāng',
        acc_details: '•••• •••• •••• 1111',
      },
    });
    changed.invoice = [
      {
        invoice_date: today,
        invoice_reference_number: 'R-2026-78',
        customer_refund: 50,
        gross_sales_price: 250,
        refund_amount: 50,
        vat_amount: 50,
        vat_product_rate: 25,
        breakdown: [
          {
            vat_product_rate: 25,
            net_sales_amount: 200,
            vat_amount: 50,
            gross_sales_price: 250,
            customer_refund: 50,
          },
        ],
      },
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: url(`/update/${issued.id}`),
      headers: bearer(token),
      payload: changed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(issued);
    const detail = (
      await t.app.inject({ url: url(`/${issued.id}`), headers: bearer(token) })
    ).json().data;
    expect(detail.taxforms).toMatchObject({
      traveler_surname: 'Zhāng',
      gross_amount: 250,
      acc_details: '•••• •••• •••• 1111',
    });
    expect(detail.invoice).toHaveLength(1);
    const found = async (search: string) =>
      (
        await t.app.inject({
          url: url(`?search=${encodeURIComponent(search)}`),
          headers: bearer(token),
        })
      )
        .json()
        .data.map((f: { id: number }) => f.id);
    expect(await found('zhāng R-2026-78')).toEqual([issued.id]);
    expect(await found('UPDATE001 R-2026-77')).toEqual([]);
  });

  it("refuses to change a form customs has validated, or another company's form", async () => {
    const issued = (await issue(payload({ taxform: { passport: 'LOCKED001' } }))).json().data;
    await t.database.db
      .update(taxForms)
      .set({ status: 'FORM_VALIDATED', ilr: false })
      .where(eq(taxForms.id, issued.id));
    const locked = await t.app.inject({
      method: 'POST',
      url: url(`/update/${issued.id}`),
      headers: bearer(token),
      payload: payload(),
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('FORM_NOT_EDITABLE');
    const otherToken = await login(t.app, other);
    const foreign = await t.app.inject({
      method: 'POST',
      url: url(`/update/${issued.id}`, other),
      headers: bearer(otherToken),
      payload: payload(),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /go-service/…/cancel_tfs_form/{id}', () => {
  const basic = (accountNo: string, bearerToken: string) => ({
    authorization: `Basic ${Buffer.from(`${accountNo}:${bearerToken}`).toString('base64')}`,
  });
  const cancel = (
    formId: number,
    headers: Record<string, string>,
    body: object = { cancel_reason: 'Gave up in a hurry' },
    companyId = shop.companyId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${companyId}/tfsform/cancel_tfs_form/${formId}`,
      headers,
      payload: body,
    });

  it('cancels with the account-number header, answers OK, and only once', async () => {
    const issued = (await issue(payload({ taxform: { passport: 'CANCEL001' } }))).json().data;
    const ok = await cancel(issued.id, basic(shop.accountNo, token), {
      cancel_reason: 'Other',
      cancel_comments: 'Changed their mind',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: 'OK' });
    const [row] = (
      await t.app.inject({ url: url(`?search=CANCEL001`), headers: bearer(token) })
    ).json().data;
    expect(row).toMatchObject({ cancelled: '1', ilr: 0 });

    const again = await cancel(issued.id, {
      ...basic(shop.accountNo, token),
      'accept-language': 'fr',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(again.json().message);
    expect(again.json().message).toMatch(/annulé/);
  });

  it('refuses a wrong reason, a form customs validated, and headers that do not match a live session', async () => {
    const issued = (await issue(payload({ taxform: { passport: 'CANCEL002' } }))).json().data;
    const badReason = await cancel(issued.id, basic(shop.accountNo, token), {
      cancel_reason: 'Because',
    });
    expect(badReason.statusCode).toBe(400);
    expect((await cancel(issued.id, {})).statusCode).toBe(401);
    expect((await cancel(issued.id, basic(other.accountNo, token))).statusCode).toBe(401);
    expect((await cancel(issued.id, basic(shop.accountNo, 'x'.repeat(43)))).statusCode).toBe(401);
    expect((await cancel(issued.id, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    const otherToken = await login(t.app, other);
    expect((await cancel(issued.id, basic(other.accountNo, otherToken))).statusCode).toBe(403);
    expect(
      (await cancel(issued.id, basic(other.accountNo, otherToken), undefined, other.companyId))
        .statusCode,
    ).toBe(404);

    await t.database.db
      .update(taxForms)
      .set({ status: 'FORM_VALIDATED', ilr: false })
      .where(eq(taxForms.id, issued.id));
    const validated = await cancel(issued.id, basic(shop.accountNo, token));
    expect(validated.statusCode).toBe(409);
    expect(validated.json().code).toBe('FORM_NOT_CANCELLABLE');
  });
});

describe('computeRefund and scanTraveller', () => {
  it("computes the refund with the company's refund table", async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: url('/computeRefund'),
      headers: bearer(token),
      payload: { grossAmt: 125, vatAmt: 25 },
    });
    expect(plain.json().data).toEqual({ refund_amount: 25, operator_fee: 0 });
    await t.database.db
      .update(settings)
      .set({
        refundCalculationSetting: {
          source: 'VAT_AMOUNT',
          tiers: [{ from: 0, to: null, percentage: 70 }],
        },
      })
      .where(eq(settings.companyId, shop.companyId));
    await announceChange(t.database.db, { kind: 'company', companyId: shop.companyId });
    // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
    await t.app.changesHeard();
    const tiered = await t.app.inject({
      method: 'POST',
      url: url('/computeRefund'),
      headers: bearer(token),
      payload: { grossAmt: 125, vatAmt: 25 },
    });
    expect(tiered.json().data).toEqual({ refund_amount: 17.5, operator_fee: 7.5 });
    const nothing = await t.app.inject({
      method: 'POST',
      url: url('/computeRefund'),
      headers: bearer(token),
      payload: { grossAmt: 0, vatAmt: 0 },
    });
    expect(nothing.json().data.refund_amount).toBe(0);
  });

  it('reads a passport zone, its expiry date too, and refuses one with a wrong check digit', async () => {
    const zone =
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';
    const read = await t.app.inject({
      url: url(`/scanTraveller/${encodeURIComponent(zone)}`),
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      traveler_name: 'ANNA MARIA',
      traveler_surname: 'ERIKSSON',
      passport: 'L898902C3',
      traveler_dob: '1974-08-12',
      passport_expiry: '2012-04-15',
    });
    const corrupted = zone.replace('L898902C36', 'L898902C35');
    const refused = await t.app.inject({
      url: url(`/scanTraveller/${encodeURIComponent(corrupted)}`),
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'code', message: 'The check digit of the document number does not match.' },
    ]);
  });

  it('fills the country of a Kosovo passport, whose zone says RKS', async () => {
    // The issuing state and nationality are outside the check digits: the ICAO sample stays valid.
    const zone =
      'P<RKSERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36RKS7408122F1204159ZE184226B<<<<<10';
    const read = await t.app.inject({
      url: url(`/scanTraveller/${encodeURIComponent(zone)}`),
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    const [kosovo] = await t.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.iso2, 'XK'));
    expect(read.json().data).toMatchObject({ issued_govt: kosovo!.id, nationality: kosovo!.id });
  });
});
