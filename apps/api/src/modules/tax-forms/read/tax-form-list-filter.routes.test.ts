import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, FORM_LIST_FILTERS, matchesFilter } from '@taxfree/domain';
import { taxForms } from '../../../db/schema/index.ts';
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
let today: string;

const url = (query: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms?perPage=100${query}`;

/** Each form's state after issue: the stage, cancelled or not, and its export deadline. */
type Shape = { passport: string; status: string; cancelled?: boolean; deadlineIn: number };

/** One form of every kind the filters tell apart, relative to the shop's today. */
const shapes = (): Shape[] => [
  { passport: 'FILTER01', status: 'FORM_SUBMITTED', deadlineIn: 40 },
  { passport: 'FILTER02', status: 'FORM_SUBMITTED', deadlineIn: 0 },
  { passport: 'FILTER03', status: 'FORM_SUBMITTED', deadlineIn: 7 },
  { passport: 'FILTER04', status: 'FORM_SUBMITTED', deadlineIn: 8 },
  // Expired yesterday: this month unless today is the 1st.
  { passport: 'FILTER05', status: 'FORM_SUBMITTED', deadlineIn: -1 },
  // Expired long ago: never this month.
  { passport: 'FILTER06', status: 'FORM_SUBMITTED', deadlineIn: -45 },
  { passport: 'FILTER07', status: 'FORM_VALIDATED', deadlineIn: -3 },
  { passport: 'FILTER08', status: 'FORM_COLLECTED', deadlineIn: 20 },
  { passport: 'FILTER09', status: 'FORM_REFUNDED', deadlineIn: 20 },
  { passport: 'FILTER10', status: 'FORM_SUBMITTED', cancelled: true, deadlineIn: 3 },
  { passport: 'FILTER11', status: 'FORM_SUBMITTED', cancelled: true, deadlineIn: -3 },
];

type ListAnswer = { data: { barcode: string }[]; metadata: { total: number } };

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
  for (const shape of shapes()) {
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`,
      headers: bearer(token),
      payload: issuePayload({ today, taxform: { passport: shape.passport } }),
    });
    expect(issued.statusCode).toBe(200);
    const { id } = issued.json<{ data: { id: number } }>().data;
    // The stage and the deadline are set straight in the table: this test is about reading them.
    await t.database.db
      .update(taxForms)
      .set({
        status: shape.status,
        cancelled: shape.cancelled ?? false,
        exportDeadline: addDays(today, shape.deadlineIn),
      })
      .where(eq(taxForms.id, id));
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: url(query), headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<ListAnswer>();
};

async function passportsOf(barcodes: string[]) {
  const rows = await t.database.db
    .select({ barcode: taxForms.barcode, passport: taxForms.passport })
    .from(taxForms)
    .where(eq(taxForms.companyId, shop.companyId));
  const byBarcode = new Map(rows.map((row) => [row.barcode, row.passport]));
  return barcodes.map((barcode) => byBarcode.get(barcode)).sort();
}

describe('GET …/taxforms?stage=', () => {
  it('answers, for every filter, exactly the forms the domain rule puts under it', async () => {
    for (const filter of FORM_LIST_FILTERS) {
      const answer = await list(`&stage=${filter}`);
      const expected = shapes()
        .filter((shape) =>
          matchesFilter(
            {
              stage: shape.status,
              cancelled: shape.cancelled ?? false,
              exportDeadline: addDays(today, shape.deadlineIn),
            },
            filter,
            today,
          ),
        )
        .map((shape) => shape.passport)
        .sort();
      expect({
        filter,
        passports: await passportsOf(answer.data.map((row) => row.barcode)),
      }).toEqual({ filter, passports: expected });
      expect(answer.metadata.total).toBe(expected.length);
    }
  });

  it('reads the worklist as the issue describes it', async () => {
    const passports = async (filter: string) =>
      passportsOf((await list(`&stage=${filter}`)).data.map((row) => row.barcode));
    expect(await passports('to_refund')).toEqual(['FILTER07', 'FILTER08']);
    expect(await passports('export_closing')).toEqual(['FILTER02', 'FILTER03']);
    expect(await passports('expired')).toEqual(['FILTER05', 'FILTER06']);
    expect(await passports('cancelled')).toEqual(['FILTER10', 'FILTER11']);
    expect(await passports('issued')).toEqual(['FILTER01', 'FILTER02', 'FILTER03', 'FILTER04']);
  });

  it('combines the filter with a search, lists every form without one, and refuses an unknown one', async () => {
    const both = await list('&stage=expired&search=FILTER06');
    expect(await passportsOf(both.data.map((row) => row.barcode))).toEqual(['FILTER06']);
    const none = await list('&stage=refunded&search=FILTER06');
    expect(none.metadata.total).toBe(0);
    const all = await list('&stage=');
    expect(all.metadata.total).toBe(shapes().length);
    const unknown = await t.app.inject({
      method: 'GET',
      url: url('&stage=nonsense'),
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ field: 'stage', message: expect.any(String) }),
    ]);
  });

  it('keeps a scanned barcode under the filter', async () => {
    const [refunded] = (await list('&stage=refunded')).data;
    expect((await list(`&stage=refunded&search=${refunded!.barcode}`)).metadata.total).toBe(1);
    expect((await list(`&stage=issued&search=${refunded!.barcode}`)).metadata.total).toBe(0);
  });
});
