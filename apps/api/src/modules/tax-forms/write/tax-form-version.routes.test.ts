import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { auditLog, taxForms, users } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/**
 * No lost updates: the detail answers the form's version, and an update sent with
 * `If-Match: "<version>"` from a version someone has since changed answers 409, naming who changed
 * it and when, and changes nothing. Without the header an update behaves as before.
 */

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

const withSurname = (surname: string) =>
  issuePayload({ today, taxform: { traveler_surname: surname } });

async function issued(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: bearer(token),
    payload: withSurname('First'),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.id;
}

const detail = async (id: number) =>
  (await t.app.inject({ url: url(`/${id}`), headers: bearer(token) })).json().data.taxforms;

const update = (id: number, surname: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(`/update/${id}`),
    headers: { ...bearer(token), ...headers },
    payload: withSurname(surname),
  });

const updatesOf = async (id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'form.update')))
  )[0]!.n;

describe('If-Match on an update', () => {
  it('answers the version in the detail, and raises it with each update', async () => {
    const id = await issued();
    const first = (await detail(id)).version;
    expect(Number.isInteger(first)).toBe(true);
    expect((await update(id, 'Second', { 'if-match': `"${first}"` })).statusCode).toBe(200);
    expect((await detail(id)).version).toBe(first + 1);
  });

  it('refuses a stale version with 409, naming who changed the form, and changes nothing', async () => {
    const id = await issued();
    const opened = (await detail(id)).version;
    expect((await update(id, 'Saved', { 'if-match': `"${opened}"` })).statusCode).toBe(200);

    const stale = await update(id, 'Lost', {
      'if-match': `"${opened}"`,
      'accept-language': 'hr',
    });
    expect(stale.statusCode).toBe(409);
    const [user] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, shop.userId));
    expect(stale.json()).toMatchObject({ status: 'error', code: 'FORM_CHANGED' });
    expect(stale.json().message).toContain('Ovaj je obrazac promijenjen');
    expect(stale.json().message).toContain(user!.name);
    // When, as the screens write a moment in Croatian: 01.12.2026 11:18.
    expect(stale.json().message).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const after = await detail(id);
    expect(after.traveler_surname).toBe('Saved');
    expect(after.version).toBe(opened + 1);
    expect(await updatesOf(id)).toBe(1);
  });

  it('lets exactly one of eight concurrent updates from one version win', async () => {
    const id = await issued();
    const opened = (await detail(id)).version;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => update(id, `Clerk${i}`, { 'if-match': `"${opened}"` })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect((await detail(id)).traveler_surname).toBe(`Clerk${winner}`);
    expect(await updatesOf(id)).toBe(1);
  });

  it('takes a weak or bare version and *, refuses one that is no version, and works without', async () => {
    const id = await issued();
    let version = (await detail(id)).version;
    expect((await update(id, 'Weak', { 'if-match': `W/"${version}"` })).statusCode).toBe(200);
    version += 1;
    expect((await update(id, 'Bare', { 'if-match': String(version) })).statusCode).toBe(200);
    expect((await update(id, 'Any', { 'if-match': '*' })).statusCode).toBe(200);
    expect((await update(id, 'None')).statusCode).toBe(200);
    const wrong = await update(id, 'Wrong', { 'if-match': '"abc"' });
    expect(wrong.statusCode).toBe(400);
    expect((await detail(id)).traveler_surname).toBe('None');
    const [row] = await t.database.db
      .select({ version: taxForms.version })
      .from(taxForms)
      .where(eq(taxForms.id, id));
    expect(row!.version).toBe(version + 3);
  });
});
