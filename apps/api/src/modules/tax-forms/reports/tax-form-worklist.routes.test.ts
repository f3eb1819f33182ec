import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, dayIn, makeBarcode, WORKLIST_FILTERS, type Worklist } from '@taxfree/domain';
import { and, eq } from 'drizzle-orm';
import { createBranch } from '../../../cli/commands.ts';
import { branches } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  issuePayload,
  login,
  type FormFixture,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
/** A Croatian shop (no payout deadline) and a Serbian one (15 days from receipt). */
let shop: Retailer;
let serbian: Retailer;
let token: string;
let serbianToken: string;
let today: string;
let serbianToday: string;

const ISSUED = ['FORM_SUBMITTED'];
const VALIDATED = ['FORM_SUBMITTED', 'FORM_VALIDATED'];
const RECEIVED = ['FORM_SUBMITTED', 'FORM_VALIDATED', 'FORM_COLLECTED'];
const REFUNDED = [...RECEIVED, 'FORM_REFUNDED'];

/** 10:00 UTC of a day is that same day in Zagreb, Belgrade and Sarajevo, summer or winter. */
const morningOf = (day: string) => new Date(`${day}T10:00:00Z`);

const base = (retailer: Retailer) =>
  `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;

async function worklist(retailer: Retailer, bearerToken: string): Promise<Worklist> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${base(retailer)}/worklist`,
    headers: bearer(bearerToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Worklist }>().data;
}

async function listTotal(retailer: Retailer, bearerToken: string, stage: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${base(retailer)}?stage=${stage}`,
    headers: bearer(bearerToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ metadata: { total: number } }>().metadata.total;
}

/** Far above the serials issuing hands out, so a form issued by the test never meets one. */
let serial = 500_000_000;
async function form(retailer: Retailer, fixture: Omit<FormFixture, 'barcode'>) {
  serial += 1;
  const barcode = makeBarcode(retailer.companyId, serial);
  await createFormFixture(t.database.db, retailer, { ...fixture, barcode });
  return barcode;
}

/** The Croatian shop's forms, by what the test expects of them. */
const hr = {} as Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  serbian = await createRetailerFixture(t.database.db, { country: 'RS' });
  token = await login(t.app, shop);
  serbianToken = await login(t.app, serbian);
  today = dayIn(shop.timeZone);
  serbianToday = dayIn(serbian.timeZone);
  const deadline = (days: number) => addDays(today, days);

  hr.farOff = await form(shop, { stages: ISSUED, exportDeadline: deadline(40) });
  // Six forms whose export window closes within 7 days: the worklist shows the first five.
  for (const days of [6, 0, 7, 3, 1, 5]) {
    hr[`closing${days}`] = await form(shop, { stages: ISSUED, exportDeadline: deadline(days) });
  }
  hr.justOutside = await form(shop, { stages: ISSUED, exportDeadline: deadline(8) });
  hr.expiredYesterday = await form(shop, { stages: ISSUED, exportDeadline: deadline(-1) });
  hr.expiredLongAgo = await form(shop, { stages: ISSUED, exportDeadline: deadline(-45) });
  hr.validated = await form(shop, {
    stages: VALIDATED,
    exportDeadline: deadline(30),
    createdAt: morningOf(addDays(today, -10)),
    name: 'Ana',
    surname: 'Kovač',
    vatCents: 4_000,
  });
  hr.received = await form(shop, {
    stages: RECEIVED,
    exportDeadline: deadline(10),
    createdAt: morningOf(addDays(today, -20)),
  });
  hr.refunded = await form(shop, { stages: REFUNDED, exportDeadline: deadline(2) });
  hr.cancelledClosing = await form(shop, {
    stages: ISSUED,
    exportDeadline: deadline(2),
    cancelled: true,
  });
  hr.cancelledExpired = await form(shop, {
    stages: ISSUED,
    exportDeadline: deadline(-1),
    cancelled: true,
  });
});
afterAll(() => t.close());

describe('GET …/taxforms/worklist', () => {
  it('counts exactly the forms the list answers for each worklist filter', async () => {
    const answer = await worklist(shop, token);
    for (const section of WORKLIST_FILTERS) {
      expect({ section, count: answer[section].count }).toEqual({
        section,
        count: await listTotal(shop, token, section),
      });
    }
    expect(answer.to_refund.count).toBe(2);
    expect(answer.export_closing.count).toBe(6);
    // Yesterday is last month on the 1st; the tests on a fixed clock below hold every day.
    expect(answer.expired_this_month.count).toBe(today.endsWith('-01') ? 0 : 1);
    expect(answer.currency).toBe('EUR');
  });

  it('lists the forms to refund waiting longest first, with no payout deadline in Croatia', async () => {
    const { to_refund } = await worklist(shop, token);
    expect(to_refund.items.map((item) => item.barcode)).toEqual([hr.received, hr.validated]);
    expect(to_refund.items[1]).toMatchObject({
      traveler_name: 'Ana',
      traveler_surname: 'Kovač',
      status: 'FORM_VALIDATED',
      export_deadline: addDays(today, 30),
      customer_refund: 40,
      payout_due: null,
      days_left: null,
    });
  });

  it('lists the first five forms whose export window closes, soonest first, with the days left', async () => {
    const { export_closing } = await worklist(shop, token);
    expect(export_closing.items.map((item) => [item.barcode, item.days_left])).toEqual([
      [hr.closing0, 0],
      [hr.closing1, 1],
      [hr.closing3, 3],
      [hr.closing5, 5],
      [hr.closing6, 6],
    ]);
    expect(export_closing.items[0]).toMatchObject({
      status: 'FORM_SUBMITTED',
      export_deadline: today,
    });
  });

  it('lists the forms expired this month, by deadline, never a cancelled one', async () => {
    const { expired_this_month } = await worklist(shop, token);
    const expected = today.endsWith('-01') ? [] : [[hr.expiredYesterday, -1]];
    expect(expired_this_month.items.map((item) => [item.barcode, item.days_left])).toEqual(
      expected,
    );
  });

  it('counts one more form to refund once customs validation is recorded', async () => {
    const before = await worklist(shop, token);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base(shop)}/issue`,
      headers: bearer(token),
      payload: issuePayload({ today, taxform: { passport: 'WORK0001' } }),
    });
    expect(issued.statusCode).toBe(200);
    const { id } = issued.json<{ data: { id: number } }>().data;
    const stamped = await t.app.inject({
      method: 'POST',
      url: `${base(shop)}/${id}/stages`,
      headers: bearer(token),
      payload: {
        stage: 'FORM_VALIDATED',
        export_date: today,
        customs_office: 'Carinska ispostava Bajakovo',
        customs_record_number: 'HR-2026-000815',
      },
    });
    expect(stamped.statusCode).toBe(200);
    const after = await worklist(shop, token);
    expect(after.to_refund.count).toBe(before.to_refund.count + 1);
    expect(after.to_refund.count).toBe(await listTotal(shop, token, 'to_refund'));
    // Validated just now: it has waited least, so it comes last.
    expect(after.to_refund.items.at(-1)?.id).toBe(id);
  });

  it('gives a Serbian shop the payout day, 15 days from receipt, and the days left to it', async () => {
    const day = (days: number) => addDays(serbianToday, days);
    const late = await form(serbian, {
      stages: RECEIVED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-20)),
    });
    const dueSoon = await form(serbian, {
      stages: RECEIVED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-13)),
    });
    const notReceived = await form(serbian, {
      stages: VALIDATED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-5)),
    });
    const answer = await worklist(serbian, serbianToken);
    expect(answer.currency).toBe('RSD');
    expect(answer.to_refund.count).toBe(await listTotal(serbian, serbianToken, 'to_refund'));
    expect(
      answer.to_refund.items.map((item) => [item.barcode, item.payout_due, item.days_left]),
    ).toEqual([
      [late, day(-5), -5],
      [dueSoon, day(2), 2],
      // Not yet back at the shop: the payout's time has not started.
      [notReceived, null, null],
    ]);
  });

  it('gives a shop in Bosnia and Herzegovina the payout day, 15 days from receipt, and the days left to it', async () => {
    const bosnian = await createRetailerFixture(t.database.db, { country: 'BA' });
    const bosnianToken = await login(t.app, bosnian);
    const bosnianToday = dayIn(bosnian.timeZone);
    const day = (days: number) => addDays(bosnianToday, days);
    const overdue = await form(bosnian, {
      stages: RECEIVED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-16)),
    });
    const lastDay = await form(bosnian, {
      stages: RECEIVED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-15)),
    });
    const fresh = await form(bosnian, {
      stages: RECEIVED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-1)),
    });
    const notReceived = await form(bosnian, {
      stages: VALIDATED,
      exportDeadline: day(30),
      createdAt: morningOf(day(-3)),
    });
    // Paid out already: nothing left to do.
    await form(bosnian, { stages: REFUNDED, createdAt: morningOf(day(-20)) });
    const answer = await worklist(bosnian, bosnianToken);
    expect(answer.currency).toBe('BAM');
    expect(answer.to_refund.count).toBe(4);
    expect(answer.to_refund.count).toBe(await listTotal(bosnian, bosnianToken, 'to_refund'));
    expect(
      answer.to_refund.items.map((item) => [item.barcode, item.payout_due, item.days_left]),
    ).toEqual([
      [overdue, day(-1), -1],
      [lastDay, day(0), 0],
      [notReceived, null, null],
      [fresh, day(14), 14],
    ]);
  });

  it("refuses another company's branch, and a caller who is not signed in", async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${base(serbian)}/worklist`,
      headers: bearer(token),
    });
    expect(theirs.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'GET', url: `${base(shop)}/worklist` });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('the forms expired this month, whatever the day of the month', () => {
  /**
   * A shop of its own, its forms around March 2026, read with the clock fixed on a day of that
   * month: on the 1st of a month no form has yet expired in it, so a test on the running clock
   * would prove nothing that day.
   */
  let march: Retailer;
  let marchToken: string;
  const m = {} as Record<string, string>;

  beforeAll(async () => {
    march = await createRetailerFixture(t.database.db);
    marchToken = await login(t.app, march);
    m.lastMonth = await form(march, { stages: ISSUED, exportDeadline: '2026-02-28' });
    m.first = await form(march, { stages: ISSUED, exportDeadline: '2026-03-01' });
    m.middle = await form(march, { stages: ISSUED, exportDeadline: '2026-03-16' });
    m.dayBefore = await form(march, { stages: ISSUED, exportDeadline: '2026-03-30' });
    m.lastDay = await form(march, { stages: ISSUED, exportDeadline: '2026-03-31' });
    // Neither counts: one is cancelled, the other was stamped by customs in time.
    await form(march, { stages: ISSUED, exportDeadline: '2026-03-10', cancelled: true });
    await form(march, { stages: VALIDATED, exportDeadline: '2026-03-05' });
  });

  /**
   * `read` with the server's clock at 10:00 UTC of `day`, that same day in Zagreb, winter or summer
   * (the session, signed in on the running clock, ends after it). Only Date is fixed: the
   * database and the timers run as they do.
   */
  async function onDay<T>(day: string, read: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'], now: morningOf(day) });
    try {
      expect(dayIn(march.timeZone)).toBe(day);
      return await read();
    } finally {
      vi.useRealTimers();
    }
  }

  /** The day the clock is fixed on, and the forms (by name) expired this month as of it. */
  const cases: { day: string; expired: [string, number][] }[] = [
    { day: '2026-03-01', expired: [] },
    { day: '2026-03-02', expired: [['first', -1]] },
    {
      day: '2026-03-31',
      expired: [
        ['first', -30],
        ['middle', -15],
        ['dayBefore', -1],
      ],
    },
  ];
  it.each(cases)(
    'on $day lists the forms whose deadline passed since the month began',
    async ({ day, expired }) => {
      const seen = await onDay(day, async () => ({
        answer: await worklist(march, marchToken),
        listed: await listTotal(march, marchToken, 'expired_this_month'),
        allExpired: await listTotal(march, marchToken, 'expired'),
      }));
      const { expired_this_month } = seen.answer;
      expect(expired_this_month.items.map((item) => [item.barcode, item.days_left])).toEqual(
        expired.map(([name, days]) => [m[name], days]),
      );
      expect(expired_this_month.count).toBe(expired.length);
      expect(seen.listed).toBe(expired.length);
      // Last month's form has expired too, only not this month.
      expect(seen.allExpired).toBe(expired.length + 1);
    },
  );

  it('counts a form whose last day is today as closing, not expired', async () => {
    const { expired_this_month, export_closing } = await onDay('2026-03-31', () =>
      worklist(march, marchToken),
    );
    expect(expired_this_month.items.map((item) => item.barcode)).not.toContain(m.lastDay);
    expect(export_closing.items.map((item) => [item.barcode, item.days_left])).toEqual([
      [m.lastDay, 0],
    ]);
  });
});

describe('GET /api/v2/companies/{companyId}/taxforms/worklist', () => {
  it("counts every branch's forms and names each form's branch, for a manager", async () => {
    const company = await createRetailerFixture(t.database.db);
    const companyToken = await login(t.app, company);
    await createBranch(t.database.db, { accountNo: company.accountNo, name: 'Riva Split' });
    const [second] = await t.database.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.companyId, company.companyId), eq(branches.branchName, 'Riva Split')));
    const here = await form(company, { stages: VALIDATED });
    const there = await form({ ...company, branchId: second!.id }, { stages: RECEIVED });

    const ofBranch = await worklist(company, companyToken);
    expect(ofBranch.to_refund.items.map((item) => item.barcode)).toEqual([here]);
    const response = await t.app.inject({
      url: `/api/v2/companies/${company.companyId}/taxforms/worklist`,
      headers: bearer(companyToken),
    });
    expect(response.statusCode).toBe(200);
    const ofCompany = response.json<{ data: Worklist }>().data;
    expect(ofCompany.to_refund.count).toBe(2);
    expect(
      ofCompany.to_refund.items
        .map((item) => [item.barcode, item.retailer_branch_id, item.branch_name])
        .sort(),
    ).toEqual(
      [
        [here, company.branchId, expect.any(String)],
        [there, second!.id, 'Riva Split'],
      ].sort(),
    );

    // Another company's manager reads none of it.
    const refused = await t.app.inject({
      url: `/api/v2/companies/${company.companyId}/taxforms/worklist`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the day a stamped form is due back', () => {
  it("answers Slovenia's 6 months from the issue for a validated form, and none once received", async () => {
    const slovenian = await createRetailerFixture(t.database.db, { country: 'SI' });
    const slovenianToken = await login(t.app, slovenian);
    const issuedOn = addDays(dayIn(slovenian.timeZone), -10);
    const validated = await form(slovenian, { stages: VALIDATED, createdAt: morningOf(issuedOn) });
    const received = await form(slovenian, { stages: RECEIVED, createdAt: morningOf(issuedOn) });
    const answer = await worklist(slovenian, slovenianToken);
    const due = (barcode: string) =>
      answer.to_refund.items.find((item) => item.barcode === barcode)?.claim_due;
    const [year, month, day] = issuedOn.split('-').map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(year, month + 6, 0)).getUTCDate();
    expect(due(validated)).toBe(
      new Date(Date.UTC(year, month + 5, Math.min(day, lastDay))).toISOString().slice(0, 10),
    );
    expect(due(received)).toBeNull();

    // Serbia sets no such time.
    const serbianAnswer = await worklist(serbian, serbianToken);
    expect(serbianAnswer.to_refund.items.every((item) => item.claim_due === null)).toBe(true);
  });
});
