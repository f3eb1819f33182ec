import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { storedFiles, webhookDeliveries } from '../../src/db/schema/index.ts';
import { uploadUrl } from '../../src/lib/uploads.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { changedTables, settledSnapshot, type DatabaseSnapshot } from '../support/db-snapshot.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';
import { uploadImage } from '../support/images.ts';

/**
 * Every route that names a record, a company or a branch in its path, called by a signed-in
 * user of company B with company A's ids: refused with 403 or 404, showing nothing of A and
 * changing nothing at all.
 */

type Seed = Retailer & {
  token: string;
  marker: string;
  formId: number;
  barcode: string;
  passport: string;
  promotionId: number;
  galleryId: number;
  apiKeyId: number;
  webhookId: number;
  deliveryId: number;
  image: string;
  pdf: string;
};

let t: TestApp;
let a: Seed;
let b: Seed;

const api = (shop: Pick<Retailer, 'companyId' | 'branchId'>) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;

async function seedShop(marker: string, passport: string): Promise<Seed> {
  const shop = await createRetailerFixture(t.database.db);
  const token = await login(t.app, shop);
  const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: bearer(token), payload });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json().data;
  };
  const form = await call(
    'POST',
    `${api(shop)}/taxforms/issue`,
    issuePayload({
      taxform: {
        traveler_name: `${marker} Traveller`,
        traveler_surname: `${marker}son`,
        passport,
        items: `${marker} coat`,
      },
    }),
  );
  const pdf = String(await call('GET', `${api(shop)}/taxforms/download/${form.id}`)).replace(
    /^.*\//,
    '',
  );
  const promotion = await call('POST', `${api(shop)}/promotions`, {
    promotion: {
      title: `${marker} sale`,
      description: `${marker} coats 30 % off`,
      image: await uploadImage(t.app, token),
      start_date: '2026-01-10',
      end_date: '2026-01-31',
      notification_schedule: '2026-01-09 09:30:00',
      shopping_behavior: '',
      targeted_nationality: '',
    },
  });
  const gallery = await call('POST', `${api(shop)}/gallery`, {
    gallery: {
      title: `${marker} window`,
      description: `${marker} spring`,
      image: await uploadImage(t.app, token),
    },
  });
  await call('PUT', api(shop), {
    branch_name: `${marker} shop`,
    website: 'https://shop.example.com',
    description: `${marker} boutique`,
    logo: await uploadImage(t.app, token),
    product_category: '',
    location: '',
  });
  await call('PUT', `/api/v2/companies/${shop.companyId}/users/${shop.userId}`, {
    name: `${marker} Clerk`,
    email: shop.email,
    mobile: '+385 91 000 0000',
    image: await uploadImage(t.app, token),
    country: 'HR',
  });
  const apiKey = await call('POST', `/api/v2/companies/${shop.companyId}/apiKeys`, {
    name: `${marker} till`,
    branch_id: shop.branchId,
  });
  // A public address (never reached: nothing it subscribes to happens here).
  const webhook = await call('POST', `/api/v2/companies/${shop.companyId}/webhooks`, {
    url: 'https://93.184.215.14/hooks',
    events: ['taxform.cancelled'],
  });
  // A delivery already made, so that the worker has nothing to send meanwhile.
  const [delivery] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      companyId: shop.companyId,
      endpointId: webhook.id,
      messageId: `msg_${marker}`,
      eventType: 'webhook.test',
      body: '{}',
      status: 'delivered',
    })
    .returning({ id: webhookDeliveries.id });
  // One upload that no record claims yet.
  const image = await uploadImage(t.app, token);
  return {
    ...shop,
    token,
    marker,
    formId: form.id,
    barcode: form.barcode,
    passport,
    promotionId: promotion.promotion_id,
    galleryId: gallery.gallery_id,
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
    deliveryId: delivery!.id,
    image,
    pdf,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedShop('Quorvath', 'QA1234567');
  b = await seedShop('Belmira', 'BB7654321');
}, 120_000);
afterAll(() => t.close());

/** Everything of A that must never show in an answer to B. */
const secretsOf = (shop: Seed) => [
  shop.marker,
  shop.barcode,
  shop.passport,
  shop.username,
  shop.email,
  `/${shop.accountNo}/`,
  shop.image,
  shop.pdf,
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Which path values a call uses: the company and branch of one shop, the records of another. */
type Variant = { name: string; path: Seed; record: Seed };

type Entry = {
  /** The path names a record (a form, a promotion, a user…), not only the tenant. */
  record?: (shop: Seed) => Record<string, string | number>;
  body?: (caller: Seed) => unknown;
  query?: string;
  headers?: (caller: Seed) => Record<string, string>;
  /** Variants that do not apply, with the reason in a comment at the entry. */
  skip?: string[];
};

const basic = (shop: Seed) => ({
  authorization: `Basic ${Buffer.from(`${shop.accountNo}:${shop.token}`).toString('base64')}`,
});
const form = (shop: Seed) => ({ formId: shop.formId });
const promotion = (caller: Seed) => ({
  promotion: {
    title: 'Changed',
    description: 'Changed',
    image: caller.image,
    start_date: '2026-02-01',
    end_date: '2026-02-28',
    notification_schedule: '2026-01-30 10:00:00',
    shopping_behavior: '',
    targeted_nationality: '',
  },
});
const gallery = (caller: Seed) => ({
  gallery: { title: 'Changed', description: 'Changed', image: caller.image },
});

/** One entry per method and OpenAPI path that carries a company, a branch or an id. */
const matrix: Record<string, Entry> = {
  'POST /api/v2/companies/{companyId}/users/password': {
    body: () => ({
      oldPassword: 'whatever-1',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    }),
  },
  'GET /api/v2/companies/{companyId}/users/{userId}': { record: (s) => ({ userId: s.userId }) },
  'GET /api/v2/companies/{companyId}/users': {},
  'POST /api/v2/companies/{companyId}/users': {
    body: (caller) => ({
      username: 'intruder',
      name: 'Intruder',
      email: 'intruder@shop.example',
      role: 'manager',
      branch_id: caller.branchId,
      password: 'intruder-pass-1',
    }),
  },
  'PATCH /api/v2/companies/{companyId}/users/{userId}': {
    record: (s) => ({ userId: s.userId }),
    body: () => ({ active: false }),
  },
  'POST /api/v2/companies/{companyId}/users/{userId}/password': {
    record: (s) => ({ userId: s.userId }),
    body: () => ({ password: 'intruder-pass-1' }),
  },
  'GET /api/v2/companies/{companyId}/retailers': {},
  'GET /api/v2/companies/{companyId}/apiKeys': {},
  'POST /api/v2/companies/{companyId}/apiKeys': {
    body: (caller) => ({ name: 'Intruder till', branch_id: caller.branchId }),
  },
  'DELETE /api/v2/companies/{companyId}/apiKeys/{id}': { record: (s) => ({ id: s.apiKeyId }) },
  'GET /api/v2/companies/{companyId}/webhooks': {},
  'POST /api/v2/companies/{companyId}/webhooks': {
    body: () => ({ url: 'https://93.184.215.14/intruder', events: ['taxform.issued'] }),
  },
  'PATCH /api/v2/companies/{companyId}/webhooks/{webhookId}': {
    record: (s) => ({ webhookId: s.webhookId }),
    body: () => ({ url: 'https://93.184.215.14/intruder' }),
  },
  'DELETE /api/v2/companies/{companyId}/webhooks/{webhookId}': {
    record: (s) => ({ webhookId: s.webhookId }),
  },
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/rotateSecret': {
    record: (s) => ({ webhookId: s.webhookId }),
  },
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/test': {
    record: (s) => ({ webhookId: s.webhookId }),
  },
  'GET /api/v2/companies/{companyId}/webhooks/{webhookId}/deliveries': {
    record: (s) => ({ webhookId: s.webhookId }),
  },
  'POST /api/v2/companies/{companyId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': {
    record: (s) => ({ webhookId: s.webhookId, deliveryId: s.deliveryId }),
  },
  'GET /api/v2/companies/{companyId}/taxforms/byClerk': {},
  'GET /api/v2/companies/{companyId}/taxforms': {},
  'GET /api/v2/companies/{companyId}/taxforms/export': { query: '?format=csv' },
  'GET /api/v2/companies/{companyId}/taxforms/worklist': {},
  'GET /api/v2/companies/{companyId}/taxforms/count': {},
  'POST /api/v2/companies/{companyId}/retailers': { body: () => ({ branch_name: 'Intruder' }) },
  'PUT /api/v2/companies/{companyId}/branches/{branchId}': {
    body: () => ({ branch_name: 'Intruder', address: 'Changed 1', city: 'Changed' }),
  },
  'PUT /api/v2/companies/{companyId}/users/{userId}': {
    record: (s) => ({ userId: s.userId }),
    body: (caller) => ({
      name: 'Changed',
      email: 'changed@shop.example',
      mobile: '+385 91 111 1111',
      image: caller.image,
      country: 'HR',
    }),
  },
  'PUT /api/v2/companies/{companyId}/users/{userId}/preferences': {
    record: (s) => ({ userId: s.userId }),
    body: () => ({ print_after_issue: false }),
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/countries': {},
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/currency': {},
  'GET /api/v2/companies/{companyId}/products': {},
  'GET /api/v2/companies/{companyId}/tfs/products': {},
  'GET /api/v2/companies/{companyId}/settings/tfsSettingDetails': {},
  'GET /api/v2/companies/{companyId}/traveller/passport/{passport}': {
    record: (s) => ({ passport: s.passport }),
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms': {
    query: '?perPage=5&page=1&search=',
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/count': {},
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/worklist': {},
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/scanReceipt': {
    body: () => ({
      code: 'https://porezna.gov.hr/rn?jir=6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13&datv=20261127_1432&izn=100',
    }),
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/{formId}/audit': {
    record: form,
  },
  // Sending the form again, to an address the caller gives: A's traveller must never get B's mail.
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/{formId}/mail': {
    record: form,
    body: () => ({ email: 'someone@else.example' }),
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/stat/{formId}': {
    record: form,
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/{formId}': { record: form },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/download/{formId}': {
    record: form,
  },
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/issue': {
    body: () => issuePayload({ taxform: { passport: 'ZZ0000001' } }),
  },
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/update/{formId}': {
    record: form,
    body: () => issuePayload({ taxform: { traveler_name: 'Changed' } }),
  },
  // A step the form could take: its customs validation, stamped today.
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/{formId}/stages': {
    record: form,
    body: (caller) => ({
      stage: 'FORM_VALIDATED',
      export_date: dayIn(caller.timeZone),
      customs_office: 'Carinska ispostava Bajakovo',
      customs_record_number: 'HR-2026-000001',
    }),
  },
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/computeRefund': {
    body: () => ({ grossAmt: 125, vatAmt: 25 }),
  },
  // The code is a passport's machine-readable zone, read without looking anything up.
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/scanTraveller/{code}': {
    record: () => ({
      code: encodeURIComponent(
        'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10',
      ),
    }),
    skip: ['own path, their record'],
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/stats': { query: '?days=30' },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/breakdown': {
    query: `?from=2026-01-01&to=2026-12-31`,
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/export': {
    query: '?format=csv',
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/breakdown/export': {
    query: `?format=xlsx&from=2026-01-01&to=2026-12-31`,
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}': {},
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}': {
    body: (caller) => ({
      branch_name: 'Changed',
      website: '',
      description: 'Changed',
      logo: caller.image,
      product_category: '',
      location: '',
    }),
  },
  'GET /api/v2/companies/{companyId}/promotions/categories': {},
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/promotions': {
    query: '?perPage=8&page=1&search=',
  },
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/promotions': { body: promotion },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}': {
    record: (s) => ({ id: s.promotionId }),
  },
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}': {
    record: (s) => ({ id: s.promotionId }),
    body: promotion,
  },
  'DELETE /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}': {
    record: (s) => ({ id: s.promotionId }),
  },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/gallery': {
    query: '?perPage=8&page=1&search=',
  },
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/gallery': { body: gallery },
  'GET /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}': {
    record: (s) => ({ id: s.galleryId }),
  },
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}': {
    record: (s) => ({ id: s.galleryId }),
    body: gallery,
  },
  'DELETE /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}': {
    record: (s) => ({ id: s.galleryId }),
  },
  'POST /go-service/api/company/{companyId}/tfsform/cancel_tfs_form/{formId}': {
    record: form,
    body: () => ({ cancel_reason: 'Other', cancel_comments: 'not yours' }),
    headers: basic,
  },
  // Pictures are public by their unguessable name (they show on the shop's public pages, where
  // no Authorization header travels: decision 011), so A's own path with A's name is A's
  // picture, served to anyone who has the address. B's path never reaches it.
  'GET /uploads/{accountNo}/{companyId}/ushop/{name}': {
    record: (s) => ({ name: s.image }),
    headers: () => ({}),
    skip: ['their path, their record'],
  },
};

/**
 * Routes with a path parameter that no tenant scopes, each with the reason. Any other route with
 * a parameter must have a matrix entry.
 */
const notTenantScoped: Record<string, string> = {
  'GET /api/v2/resetPassword/{token}': 'the token is the credential; authentication.test.ts',
  'POST /api/v2/resetPassword/{token}': 'the token is the credential; authentication.test.ts',
  'GET /api/v2/public/taxforms/{barcode}':
    "the form's number and its verification code are the credential, with no session; public-status.routes.test.ts",
  'GET /uploads/electronic/{name}':
    "a printed form's 128-bit random name is the right to read it (decision 006); B cannot learn A's, see download/{formId}",
};

function variantsOf(key: string, entry: Entry): Variant[] {
  const hasBranch = key.includes('{branchId}');
  const all: Variant[] = [
    ...(entry.record ? [{ name: 'own path, their record', path: b, record: a }] : []),
    { name: 'their path, their record', path: a, record: a },
    ...(hasBranch
      ? [
          { name: 'own company, their branch', path: { ...b, branchId: a.branchId }, record: a },
          { name: 'their company, own branch', path: { ...a, branchId: b.branchId }, record: a },
        ]
      : []),
  ];
  return all.filter((v) => !entry.skip?.includes(v.name));
}

function urlOf(template: string, entry: Entry, variant: Variant): string {
  const values: Record<string, string | number> = {
    companyId: variant.path.companyId,
    branchId: variant.path.branchId,
    accountNo: variant.path.accountNo,
    ...entry.record?.(variant.record),
  };
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${template}`);
    return String(values[name]);
  });
  return url + (entry.query ?? '');
}

async function routesWithParameters(): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/docs/json' });
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => path.includes('{'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('tenant isolation', () => {
  it('has an entry for every route that takes an id, a company or a branch in its path', async () => {
    const routes = await routesWithParameters();
    expect(routes.length).toBeGreaterThan(30);
    const covered = [...Object.keys(matrix), ...Object.keys(notTenantScoped)].sort();
    expect(routes.filter((route) => !covered.includes(route))).toEqual([]);
    expect(covered.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("answers B's calls with A's ids 403 or 404, shows nothing of A and changes nothing", async () => {
    let previous: DatabaseSnapshot = await settledSnapshot(t);
    const failures: string[] = [];
    let calls = 0;
    for (const [key, entry] of Object.entries(matrix)) {
      const [method, template] = key.split(' ') as [Method, string];
      for (const variant of variantsOf(key, entry)) {
        const url = urlOf(template, entry, variant);
        const body = entry.body?.(b);
        const response = await t.app.inject({
          method,
          url,
          headers: entry.headers ? entry.headers(b) : bearer(b.token),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        calls += 1;
        const label = `${key} [${variant.name}] → ${response.statusCode}`;
        const json = response.json<{ status?: string; code?: string; message?: string }>();
        if (![403, 404].includes(response.statusCode)) {
          failures.push(`${label}: ${response.body.slice(0, 200)}`);
        } else if (json.status !== 'error' || !json.code || !json.message) {
          failures.push(`${label}: not the error envelope: ${response.body.slice(0, 200)}`);
        }
        const leaked = secretsOf(a).filter((secret) => response.body.includes(secret));
        if (leaked.length) failures.push(`${label}: shows ${leaked.join(', ')}`);
      }
      // Compared with the state before this route's calls, so a change names its route.
      const current = await settledSnapshot(t);
      const changed = changedTables(previous, current);
      if (changed.length) failures.push(`${key} changed ${changed.join(', ')}`);
      previous = current;
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(80);
  });

  it("finds each of A's records with A's own session (the ids above are real)", async () => {
    // First: A's own download below prints anew and replaces this file.
    const pdf = await t.app.inject({ url: `/uploads/electronic/${a.pdf}` });
    expect(pdf.statusCode).toBe(200);
    for (const [key, entry] of Object.entries(matrix)) {
      const [method, template] = key.split(' ') as [Method, string];
      if (method !== 'GET' || !entry.record) continue;
      const response = await t.app.inject({
        url: urlOf(template, entry, { name: 'own', path: a, record: a }),
        headers: entry.headers ? entry.headers(a) : bearer(a.token),
      });
      expect(response.statusCode, key).toBe(200);
    }
  });

  it("keeps what B writes under A's natural keys (passport, Idempotency-Key, shop name) B's own", async () => {
    const key = 'shared-retry-key-0001';
    const issue = (who: Seed, traveler_name: string) =>
      t.app.inject({
        method: 'POST',
        url: `${api(who)}/taxforms/issue`,
        headers: { ...bearer(who.token), 'idempotency-key': key },
        payload: issuePayload({ taxform: { passport: a.passport, traveler_name } }),
      });
    const first = await issue(a, `${a.marker} Again`);
    expect(first.statusCode).toBe(200);
    const before = await t.app.inject({
      url: `/api/v2/companies/${a.companyId}/traveller/passport/${a.passport}`,
      headers: bearer(a.token),
    });
    const second = await issue(b, 'Someone Else');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.id).not.toBe(first.json().data.id);
    expect(second.body).not.toContain(a.marker);
    const after = await t.app.inject({
      url: `/api/v2/companies/${a.companyId}/traveller/passport/${a.passport}`,
      headers: bearer(a.token),
    });
    expect(after.json()).toEqual(before.json());
    const seenByB = await t.app.inject({
      url: `/api/v2/companies/${b.companyId}/traveller/passport/${a.passport}`,
      headers: bearer(b.token),
    });
    expect(seenByB.json().data.traveler_name).toBe('Someone Else');

    const sameName = await t.app.inject({
      method: 'PUT',
      url: api(b),
      headers: bearer(b.token),
      payload: {
        branch_name: `${a.marker} shop`,
        website: '',
        description: '',
        logo: 'logo_dummy.jpg',
        product_category: '',
        location: '',
      },
    });
    expect(sameName.statusCode).toBe(200);
    const shopOfA = await t.app.inject({ url: api(a), headers: bearer(a.token) });
    expect(shopOfA.json().data.description).toBe(`${a.marker} boutique`);
  });

  it("stores B's upload in B's company only: A's paths and A's records do not reach it", async () => {
    const name = await uploadImage(t.app, b.token);
    const [row] = await t.database.db
      .select({ companyId: storedFiles.companyId })
      .from(storedFiles)
      .where(eq(storedFiles.name, name));
    expect(row!.companyId).toBe(b.companyId);
    const underA = await t.app.inject({ url: uploadUrl(a.accountNo, a.companyId, name) });
    expect(underA.statusCode).toBe(404);
    expect(underA.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });

    // A cannot claim it for a promotion either: the name is B's.
    const before = await settledSnapshot(t);
    const claim = await t.app.inject({
      method: 'POST',
      url: `${api(a)}/promotions`,
      headers: bearer(a.token),
      payload: promotion({ ...a, image: name }),
    });
    expect(claim.statusCode).toBe(400);
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
    const [still] = await t.database.db
      .select({ temporary: storedFiles.temporary })
      .from(storedFiles)
      .where(and(eq(storedFiles.name, name), eq(storedFiles.companyId, b.companyId)));
    expect(still!.temporary).toBe(1);
  });
});
