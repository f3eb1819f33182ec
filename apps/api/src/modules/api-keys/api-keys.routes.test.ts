import { apiKeyExpiry, dayIn } from '@taxfree/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

/**
 * A till's API keys: a manager creates one for a branch (shown once), lists and revokes them; the
 * key does a clerk's counter work in its branch under its own name, and nothing else: not the
 * staff, the keys, the settings, a person's account, another branch or another company.
 */

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_PER_MINUTE: '8' });
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  manager = await login(t.app, shop);
});
afterAll(() => t.close());

const keys = (path = '', company = shop.companyId) => `/api/v2/companies/${company}/apiKeys${path}`;
const forms = (path: string, as: Retailer = shop) =>
  `/api/v2/companies/${as.companyId}/retailers/${as.branchId}/taxforms${path}`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, auth: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(auth), ...(payload && { payload }) });

async function createKey(body: Record<string, unknown> = {}) {
  const response = await send('POST', keys(), manager, {
    name: 'Till 1',
    branch_id: shop.branchId,
    ...body,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; key: string } }>().data;
}

describe("a till's API key", () => {
  it('is shown once, listed by its last four characters, and issues forms under its name', async () => {
    const { id, key } = await createKey({ name: 'Till by the door' });
    expect(key).toMatch(/^tfk_[\w-]{40,}$/);

    const listed = (await send('GET', keys(), manager)).json().data;
    const entry = listed.find((k: { id: number }) => k.id === id);
    expect(entry).toMatchObject({
      name: 'Till by the door',
      branch_id: shop.branchId,
      last_four: key.slice(-4),
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key);

    const issued = await t.app.inject({
      method: 'POST',
      url: forms('/issue'),
      headers: { ...bearer(key), 'idempotency-key': crypto.randomUUID() },
      payload: issuePayload({ today: dayIn(shop.timeZone) }),
    });
    expect(issued.statusCode).toBe(200);
    const formId = issued.json().data.id;
    const audit = await send('GET', forms(`/${formId}/audit`), manager);
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json().data)).toContain('Till by the door');

    const used = (await send('GET', keys(), manager)).json().data;
    expect(used.find((k: { id: number }) => k.id === id).last_used_at).not.toBeNull();
  });

  it('updates, records a stage and cancels in its branch, each audited under its name', async () => {
    const { key } = await createKey({ name: 'Till at the window' });
    const today = dayIn(shop.timeZone);
    const issue = async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: forms('/issue'),
        headers: { ...bearer(key), 'idempotency-key': crypto.randomUUID() },
        payload: issuePayload({ today }),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ data: { id: number } }>().data.id;
    };
    const stamped = await issue();
    const updated = await send(
      'POST',
      forms(`/update/${stamped}`),
      key,
      issuePayload({ today, taxform: { traveler_surname: 'Corrected' } }),
    );
    expect(updated.statusCode).toBe(200);
    const stage = await send('POST', forms(`/${stamped}/stages`), key, {
      stage: 'FORM_VALIDATED',
      export_date: today,
      customs_office: 'Carinska ispostava Zračna luka Zagreb',
      customs_record_number: 'HR-2026-004712',
    });
    expect(stage.statusCode).toBe(200);

    // The cancel call is the go service's: Basic, of the account number and the key.
    const dropped = await issue();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${dropped}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${key}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Wants another tax provider', cancel_comments: '' },
    });
    expect(cancelled.statusCode).toBe(200);

    const trail = async (id: number) =>
      (await send('GET', forms(`/${id}/audit`), manager)).json<{
        data: { action: string; actor: string }[];
      }>().data;
    const actions = [...(await trail(stamped)), ...(await trail(dropped))]
      .filter((entry) => JSON.stringify(entry).includes('Till at the window'))
      .map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['form.issue', 'form.update', 'form.stage', 'form.cancel']),
    );
  });

  it('does nothing of a manager, of a person, or outside its branch and company', async () => {
    const { key } = await createKey();
    const refusals = [
      await send('GET', keys(), key),
      await send('POST', keys(), key, { name: 'Mine', branch_id: shop.branchId }),
      await send('GET', `/api/v2/companies/${shop.companyId}/users`, key),
      await send('PUT', `/api/v2/companies/${shop.companyId}/users/${shop.userId}`, key, {
        name: 'Taken over',
      }),
      await send('POST', `/api/v2/companies/${shop.companyId}/users/password`, key, {
        oldPassword: 'x',
        password: 'y',
        confirmPassword: 'y',
      }),
      await send('DELETE', '/api/v2/authorization', key),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refusals[0]!.json().code).toBe('NOT_FOR_API_KEYS');
    expect(refusals[0]!.json().message).toMatch(/API key cannot do this/);

    const elsewhere = [
      await send('GET', forms('', other), key),
      await send('GET', `/api/v2/companies/${other.companyId}/apiKeys`, key),
    ];
    expect(elsewhere.map((r) => r.statusCode)).toEqual([403, 403]);
    // Its own branch's list it may read.
    expect((await send('GET', forms(''), key)).statusCode).toBe(200);
  });

  it('is refused from the next call on once revoked, and leaves the list', async () => {
    const { id, key } = await createKey();
    expect((await send('GET', forms(''), key)).statusCode).toBe(200);
    const revoked = await send('DELETE', keys(`/${id}`), manager);
    expect(revoked.statusCode).toBe(200);
    const after = await send('GET', forms(''), key);
    expect(after.statusCode).toBe(401);
    const listed = (await send('GET', keys(), manager)).json().data;
    expect(listed.map((k: { id: number }) => k.id)).not.toContain(id);
    // Twice, or another company's: no such key.
    expect((await send('DELETE', keys(`/${id}`), manager)).json().code).toBe('API_KEY_NOT_FOUND');
    const theirs = await login(t.app, other);
    expect((await send('DELETE', keys(`/${id}`, other.companyId), theirs)).statusCode).toBe(404);
  });

  it('answers 429 with Retry-After past its share of calls a minute', async () => {
    const { key } = await createKey();
    const answers = [];
    for (let i = 0; i < 9; i += 1) answers.push(await send('GET', forms(''), key));
    expect(answers.slice(0, 8).every((r) => r.statusCode === 200)).toBe(true);
    expect(answers[8]!.statusCode).toBe(429);
    expect(answers[8]!.json().code).toBe('API_KEY_RATE_EXCEEDED');
    expect(Number(answers[8]!.headers['retry-after'])).toBeGreaterThan(0);
    // A person's session is not counted against it.
    expect((await send('GET', forms(''), manager)).statusCode).toBe(200);
  });

  it('refuses a branch of another company, a last day past, and a key without a name', async () => {
    const foreign = await send('POST', keys(), manager, { name: 'X', branch_id: other.branchId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'branch_id' });
    const past = await send('POST', keys(), manager, {
      name: 'X',
      branch_id: shop.branchId,
      expires_on: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ field: 'expires_on' });
    const unnamed = await send('POST', keys(), manager, { name: ' ', branch_id: shop.branchId });
    expect(unnamed.statusCode).toBe(400);
  });

  it('is no person: it is not among the staff and cannot sign in', async () => {
    await createKey({ name: 'Till in the back' });
    const staff = (await send('GET', `/api/v2/companies/${shop.companyId}/users`, manager)).json()
      .data;
    expect(staff.map((u: { name: string }) => u.name)).not.toContain('Till in the back');
  });

  it('works until the midnight that ends its last day, in the shop’s time zone', async () => {
    const today = dayIn(shop.timeZone);
    const { key } = await createKey({ expires_on: today });
    expect((await send('GET', forms(''), key)).statusCode).toBe(200);
    const listed = (await send('GET', keys(), manager)).json().data;
    const entry = listed.find((k: { last_four: string }) => k.last_four === key.slice(-4));
    const expiry = apiKeyExpiry(today, shop.timeZone);
    expect(expiry.ok && expiry.expiresAt?.toISOString()).toBe(entry.expires_at);
  });
});
