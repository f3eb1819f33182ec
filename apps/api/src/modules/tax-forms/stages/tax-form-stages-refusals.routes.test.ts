import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, makeBarcode, writeIsoDay } from '@taxfree/domain';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import { changedTables, settledSnapshot } from '../../../../test/support/db-snapshot.ts';
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
let other: Retailer;
let token: string;
let otherToken: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  otherToken = await login(t.app, other);
  today = dayIn(shop.timeZone);
});
afterAll(() => t.close());

const url = (path: string, as: Retailer = shop) =>
  `/api/v2/companies/${as.companyId}/retailers/${as.branchId}/taxforms${path}`;

async function issueForm(passport: string, as: Retailer = shop, auth = token) {
  const response = await t.app.inject({
    method: 'POST',
    url: url('/issue', as),
    headers: bearer(auth),
    payload: issuePayload({ today, taxform: { passport } }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

const post = (formId: number, body: object, language = 'en', as: Retailer = shop) =>
  t.app.inject({
    method: 'POST',
    url: url(`/${formId}/stages`, as),
    headers: { ...bearer(token), 'accept-language': language },
    payload: body,
  });

/** The call's answer, after proving it changed nothing in the database. */
async function refused(formId: number, body: object, language = 'en', as: Retailer = shop) {
  const before = await settledSnapshot(t);
  const response = await post(formId, body, language, as);
  expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
  return response;
}

const stamp = (overrides: Record<string, unknown> = {}) => ({
  stage: 'FORM_VALIDATED',
  export_date: today,
  customs_office: 'Carinska ispostava Bajakovo',
  customs_record_number: 'HR-2026-000815',
  ...overrides,
});
const payout = (overrides: Record<string, unknown> = {}) => ({
  stage: 'FORM_REFUNDED',
  refund_date: today,
  paid_amount: 27.6,
  ...overrides,
});

describe('POST …/taxforms/{formId}/stages refuses, and writes nothing', () => {
  it('a skipped stage, with the reason in the language asked for', async () => {
    const form = await issueForm('REFUSE001');
    const skip = await refused(form.id, payout());
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      status: 'error',
      code: 'FORM_STAGE_SKIPPED',
      message: 'This form cannot skip a stage. Record the stages before this one first.',
    });
    const croatian = await refused(form.id, { stage: 'FORM_COLLECTED' }, 'hr');
    expect(croatian.statusCode).toBe(409);
    expect(croatian.json().message).toBe(
      'Ovaj obrazac ne može preskočiti fazu. Najprije zabilježite faze koje joj prethode.',
    );
  });

  it('the same stage again, and a step back', async () => {
    const form = await issueForm('REFUSE002');
    expect((await post(form.id, stamp())).statusCode).toBe(200);
    const again = await refused(form.id, stamp());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'FORM_STAGE_NOT_FORWARD',
      message: 'This form has already reached this stage. Each stage is recorded once, in order.',
    });
    const back = await refused(form.id, { stage: 'FORM_SUBMITTED' }, 'es');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'FORM_STAGE_NOT_FORWARD',
      message:
        'Este formulario ya ha alcanzado esta etapa. Cada etapa se registra una sola vez y en orden.',
    });
    expect((await post(form.id, { stage: 'FORM_COLLECTED' })).statusCode).toBe(200);
    const backTwo = await refused(form.id, stamp());
    expect(backTwo.json().code).toBe('FORM_STAGE_NOT_FORWARD');
  });

  it('any stage of a cancelled form', async () => {
    const id = await createFormFixture(t.database.db, shop, {
      barcode: makeBarcode(shop.companyId, 900_001),
      cancelled: true,
    });
    const response = await refused(id, stamp(), 'de');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'FORM_STAGE_CANCELLED',
      message: 'Dieses Formular ist storniert: Seine Stufe kann sich nicht mehr ändern.',
    });
  });

  it('customs validation of a form whose export deadline has passed', async () => {
    const deadline = addDays(today, -1);
    const id = await createFormFixture(t.database.db, shop, {
      barcode: makeBarcode(shop.companyId, 900_002),
      createdAt: new Date(Date.now() - 100 * 86_400_000),
      exportDeadline: deadline,
    });
    const response = await refused(id, stamp(), 'hr');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'FORM_STAGE_EXPIRED',
      message: `Ovaj je obrazac istekao: rok za izvoz (${writeIsoDay(deadline, 'hr')}) prošao je prije nego što ga je carina ovjerila, pa mu se faza više ne može mijenjati.`,
    });
  });

  it('takes a stamp brought back after the deadline when the goods left in time', async () => {
    const deadline = addDays(today, -3);
    const id = await createFormFixture(t.database.db, shop, {
      barcode: makeBarcode(shop.companyId, 900_003),
      createdAt: new Date(Date.now() - 100 * 86_400_000),
      exportDeadline: deadline,
    });
    // Exported the day after the deadline: expired.
    const late = await refused(id, stamp({ export_date: addDays(deadline, 1) }));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('FORM_STAGE_EXPIRED');
    // Exported on the last day, recorded three days later: validated.
    const inTime = await post(id, stamp({ export_date: deadline }));
    expect(inTime.statusCode, inTime.body).toBe(200);
  });

  it('a payout above the refund on the form, naming the most that may be paid', async () => {
    const form = await issueForm('REFUSE003');
    await post(form.id, stamp());
    await post(form.id, { stage: 'FORM_COLLECTED' });
    const above = await refused(form.id, payout({ paid_amount: 27.61 }));
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'paid_amount',
          message: 'The amount paid cannot be more than the refund on the form (27.60 EUR)',
        },
      ],
    });
    const croatian = await refused(form.id, payout({ paid_amount: 100 }), 'hr');
    expect(croatian.json().errors).toEqual([
      {
        field: 'paid_amount',
        message: 'Isplaćeni iznos ne smije biti veći od povrata na obrascu (27,60 EUR)',
      },
    ]);
    const nothing = await refused(form.id, payout({ paid_amount: 0, paid_method: 'option7' }));
    expect(nothing.json().errors).toEqual([
      { field: 'paid_amount', message: 'The amount paid must be more than 0' },
      { field: 'paid_method', message: 'Please choose a refund method from the list' },
    ]);
    const early = await refused(form.id, payout({ refund_date: addDays(today, 1) }));
    expect(early.json().errors).toEqual([
      { field: 'refund_date', message: 'The date cannot be in the future' },
    ]);
  });

  it('customs validation without its record number, or dated outside the form’s life', async () => {
    const form = await issueForm('REFUSE004');
    const missing = await refused(form.id, stamp({ customs_record_number: ' ' }), 'fr');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'customs_record_number',
          message: "Le numéro d'enregistrement de la douane est obligatoire",
        },
      ],
    });
    const tomorrow = await refused(form.id, stamp({ export_date: addDays(today, 1) }));
    expect(tomorrow.json().errors).toEqual([
      { field: 'export_date', message: 'The date cannot be in the future' },
    ]);
    const beforeIssue = await refused(form.id, stamp({ export_date: addDays(today, -1) }));
    expect(beforeIssue.json().errors).toEqual([
      {
        field: 'export_date',
        message: `The date cannot be before the form was issued (${writeIsoDay(today, 'en')})`,
      },
    ]);
  });

  it('a stage that is not one of the four', async () => {
    const form = await issueForm('REFUSE005');
    const response = await refused(form.id, { stage: 'FORM_LOST' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'stage',
        message: 'Please choose a stage of the form: validated by customs, received or paid out',
      },
    ]);
  });

  it("another company's form, as not found, and another company's address, as forbidden", async () => {
    const theirs = await issueForm('REFUSE006', other, otherToken);
    const notFound = await refused(theirs.id, stamp());
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().code).toBe('NOT_FOUND');
    const forbidden = await refused(theirs.id, stamp(), 'en', other);
    expect(forbidden.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: url(`/${theirs.id}/stages`, other),
      payload: stamp(),
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
