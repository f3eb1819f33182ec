import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
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

/** Each test asks from an address of its own, so that the throttle of one never blocks another. */
let nextAddress = 10;
const newAddress = () => `198.51.100.${nextAddress++}`;

const lookup = (
  barcode: string,
  code: string,
  options: { address: string; headers?: Record<string, string>; lang?: string },
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/public/taxforms/${encodeURIComponent(barcode)}`,
    query: { code, ...(options.lang && { lang: options.lang }) },
    headers: options.headers,
    remoteAddress: options.address,
  });

/** A form issued through the API (27.60 EUR refund), with the code its detail answer carries. */
async function issueForm(passport: string) {
  const issued = await t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: bearer(token),
    payload: issuePayload({ today, taxform: { passport } }),
  });
  expect(issued.statusCode).toBe(200);
  const { id, barcode } = issued.json<{ data: { id: number; barcode: string } }>().data;
  const detail = await t.app.inject({ url: url(`/${id}`), headers: bearer(token) });
  const code = detail.json<{ data: { taxforms: { verification_code: string } } }>().data.taxforms
    .verification_code;
  return { id, barcode, code };
}

const setCode = (id: number, code: string) =>
  t.database.db.update(taxForms).set({ verificationCode: code }).where(eq(taxForms.id, id));

describe('the verification code', () => {
  it('comes with the form detail: six characters of Crockford base32', async () => {
    const form = await issueForm('PUBCODE01');
    expect(form.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
  });
});

describe('GET /api/v2/public/taxforms/{barcode}?code=', () => {
  it("answers the form's stage, dates, deadline, refund and shop, and nothing personal", async () => {
    const form = await issueForm('PUBLIC001');
    const response = await lookup(form.barcode, form.code, { address: newAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{
      status: string;
      message: string;
      data: Record<string, unknown>;
    }>();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
    expect(Object.keys(body.data).sort()).toEqual([
      'barcode',
      'cancelled',
      'claim_due',
      'currency',
      'customer_refund',
      'expired',
      'export_deadline',
      'paid_amount',
      'shop_name',
      'stage',
      'stages',
    ]);
    expect(body.data).toMatchObject({
      barcode: form.barcode,
      stage: 'FORM_SUBMITTED',
      cancelled: false,
      expired: false,
      customer_refund: 27.6,
      paid_amount: null,
      currency: 'EUR',
      shop_name: `Branch ${shop.accountNo}`,
    });
    expect(body.data.export_deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A Croatian form comes back to the shop within 6 months of its sale, today.
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(year, month + 6, 0)).getUTCDate();
    expect(body.data.claim_due).toBe(
      new Date(Date.UTC(year, month + 5, Math.min(day, lastDay))).toISOString().slice(0, 10),
    );
    expect(body.data.stages).toEqual([{ stage: 'FORM_SUBMITTED', at: expect.any(String) }]);
    // Not a trace of the traveller, the card or the user.
    for (const text of ['Wei', 'Zhang', 'PUBLIC001', '1111', 'wei.zhang', 'Beijing', '+86']) {
      expect(response.body).not.toContain(text);
    }
  });

  it('reads the code in lower case, with spaces and dashes, O for 0 and I or L for 1', async () => {
    const form = await issueForm('PUBLIC002');
    await setCode(form.id, 'A0B1C2');
    const address = newAddress();
    for (const typed of ['A0B1C2', 'a0b1c2', 'aOb1c2', 'A0BIC2', 'a0-bl c2', ' A0B 1C2 ']) {
      const response = await lookup(form.barcode, typed, { address });
      expect(response.statusCode, typed).toBe(200);
    }
  });

  it('answers a wrong code and an unknown number with the same 404', async () => {
    const form = await issueForm('PUBLIC003');
    await setCode(form.id, 'Z9Y8X7');
    const address = newAddress();
    const wrongCode = await lookup(form.barcode, 'Z9Y8X6', { address });
    const unknown = await lookup('999999999999999', 'Z9Y8X7', { address });
    const otherFormsCode = await lookup(form.barcode, 'A0B1C2', { address });
    expect(wrongCode.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongCode.body).toBe(unknown.body);
    expect(otherFormsCode.body).toBe(unknown.body);
    expect(wrongCode.json()).toEqual({
      status: 'error',
      code: 'STATUS_NOT_FOUND',
      message: 'No form was found with this number and code. Please check both on your form.',
    });
  });

  it("answers in the caller's language, from Accept-Language or lang", async () => {
    const address = newAddress();
    const croatian = await lookup('123', 'ABCDEF', {
      address,
      headers: { 'accept-language': 'hr-HR,hr;q=0.9' },
    });
    expect(croatian.json<{ message: string }>().message).toBe(
      'Nije pronađen obrazac s tim brojem i kodom. Provjerite oba podatka na svom obrascu.',
    );
    const german = await lookup('123', 'ABCDEF', {
      address,
      headers: { 'accept-language': 'en' },
      lang: 'de',
    });
    expect(german.json<{ message: string }>().message).toContain('Kein Formular');
  });

  it('follows the form through customs validation and the payout', async () => {
    const form = await issueForm('PUBLIC004');
    const step = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: url(`/${form.id}/stages`),
        headers: bearer(token),
        payload: body,
      });
    expect(
      (
        await step({
          stage: 'FORM_VALIDATED',
          export_date: today,
          customs_office: 'Carinska ispostava Zračna luka Zagreb',
          customs_record_number: 'HR-2026-000123',
        })
      ).statusCode,
    ).toBe(200);
    expect((await step({ stage: 'FORM_COLLECTED' })).statusCode).toBe(200);
    expect(
      (await step({ stage: 'FORM_REFUNDED', refund_date: today, paid_amount: 27 })).statusCode,
    ).toBe(200);

    const response = await lookup(form.barcode, form.code, { address: newAddress() });
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toMatchObject({ stage: 'FORM_REFUNDED', paid_amount: 27, customer_refund: 27.6 });
    expect(data.stages).toEqual([
      { stage: 'FORM_SUBMITTED', at: expect.any(String) },
      { stage: 'FORM_VALIDATED', at: expect.any(String), export_date: today },
      { stage: 'FORM_COLLECTED', at: expect.any(String) },
      { stage: 'FORM_REFUNDED', at: expect.any(String), refund_date: today },
    ]);
    // The customs record stays with the shop.
    expect(response.body).not.toContain('HR-2026-000123');
    expect(response.body).not.toContain('Carinska');
  });

  it('says when a form was cancelled, and when its export deadline passed unvalidated', async () => {
    const cancelled = await createFormFixture(t.database.db, shop, {
      barcode: '100000000000017',
      cancelled: true,
    });
    const expired = await createFormFixture(t.database.db, shop, {
      barcode: '100000000000025',
      exportDeadline: '2020-01-31',
    });
    await setCode(cancelled, 'CCCCCC');
    await setCode(expired, 'EEEEEE');
    const address = newAddress();
    const a = await lookup('100000000000017', 'cccccc', { address });
    // Neither comes back to the shop: no day is given for the stamped form.
    expect(a.json()).toMatchObject({ data: { cancelled: true, expired: false, claim_due: null } });
    const b = await lookup('100000000000025', 'eeeeee', { address });
    expect(b.json()).toMatchObject({
      data: { cancelled: false, expired: true, export_deadline: '2020-01-31', claim_due: null },
    });
  });

  it('refuses an address after ten lookups a minute, wrong codes included, with Retry-After', async () => {
    const form = await issueForm('PUBLIC005');
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      const response = await lookup(form.barcode, 'WRONG1', { address });
      expect(response.statusCode).toBe(404);
    }
    // The right code does not get through either: the guesses spent the address's share.
    const blocked = await lookup(form.barcode, form.code, { address });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_STATUS_LOOKUPS' });
    expect(blocked.json<{ message: string }>().message).toBe(
      'Too many status checks from your connection. Please try again in 1 min.',
    );
    // Another address is not held back by this one.
    expect((await lookup(form.barcode, form.code, { address: newAddress() })).statusCode).toBe(200);
  });

  it('never holds back a traveller who finds the form, however often', async () => {
    const form = await issueForm('PUBLIC006');
    const address = newAddress();
    for (let i = 0; i < 12; i += 1) {
      expect((await lookup(form.barcode, form.code, { address })).statusCode).toBe(200);
    }
    // Nine misses still leave the address its tenth.
    for (let i = 0; i < 9; i += 1) {
      expect((await lookup(form.barcode, 'WRONG1', { address })).statusCode).toBe(404);
    }
    expect((await lookup(form.barcode, form.code, { address })).statusCode).toBe(200);
    expect((await lookup('999999999999999', 'AAAAAA', { address })).statusCode).toBe(404);
    // The tenth miss was the last: nothing more from this address, right or wrong.
    expect((await lookup(form.barcode, form.code, { address })).statusCode).toBe(429);
  });

  it('judges guesses sent all at once one after another', async () => {
    const form = await issueForm('PUBLIC007');
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => lookup(form.barcode, 'WRONG2', { address })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});
