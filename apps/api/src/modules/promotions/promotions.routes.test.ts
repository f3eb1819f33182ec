import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions, storedFiles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { uploadImage } from '../../../test/support/images.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Shop = { shop: Retailer; token: string };

async function signedIn(): Promise<Shop> {
  const shop = await createRetailerFixture(t.database.db);
  return { shop, token: await login(t.app, shop) };
}

const listUrl = (shop: Pick<Retailer, 'companyId' | 'branchId'>) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/promotions`;

async function promotionInput(who: Shop, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Winter sale',
    description: 'All coats 30 % off until the end of the month.',
    image: await uploadImage(t.app, who.token),
    start_date: '2026-01-10',
    end_date: '2026-01-31',
    notification_schedule: '2026-01-09 09:30:00',
    shopping_behavior: 'fashion,luxury',
    targeted_nationality: 'USA,CHN',
    ...overrides,
  };
}

async function create(who: Shop, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: listUrl(who.shop),
    headers: bearer(who.token),
    payload: { promotion: await promotionInput(who, overrides) },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().data as { promotion_id: number; image: string; title: string };
}

async function fileExists(name: string) {
  const rows = await t.database.db
    .select({ temporary: storedFiles.temporary })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return rows[0] ?? null;
}

describe('GET /api/v2/companies/{companyId}/promotions/categories', () => {
  it("answers the company's categories as value and label", async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/companies/${shop.companyId}/promotions/categories`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ value: 'fashion', label: 'Fashion lovers' });
  });

  it("refuses another company's categories and a missing session", async () => {
    const { token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    const url = `/api/v2/companies/${other.companyId}/promotions/categories`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('POST …/promotions', () => {
  it('saves a promotion from {promotion}, keeping its image and the schedule with a space', async () => {
    const who = await signedIn();
    const input = await promotionInput(who);
    const response = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { promotion: input },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Promotion saved successfully',
      data: {
        title: 'Winter sale',
        description: 'All coats 30 % off until the end of the month.',
        image: input.image,
        path: `/uploads/${who.shop.accountNo}/${who.shop.companyId}/ushop/${input.image}`,
        start_date: '2026-01-10',
        end_date: '2026-01-31',
        notification_schedule: '2026-01-09 09:30:00',
        notification_schedule_date: '2026-01-09',
        notification_schedule_time: '09:30:00',
        shopping_behavior: 'fashion,luxury',
        targeted_nationality: 'USA,CHN',
      },
    });
    expect((await fileExists(input.image))?.temporary).toBe(0);
  });

  it('accepts the split schedule and lists sent as arrays', async () => {
    const who = await signedIn();
    const input = await promotionInput(who, {
      notification_schedule: undefined,
      notification_schedule_date: '2026-01-08',
      notification_schedule_time: '23:59:59',
      shopping_behavior: ['tech', 'families'],
      targeted_nationality: [],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { promotion: input },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      notification_schedule: '2026-01-08 23:59:59',
      shopping_behavior: 'tech,families',
      targeted_nationality: '',
    });
  });

  it('refuses missing fields, the placeholder image, an end before the start and a bad time', async () => {
    const who = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: {
        promotion: {
          title: '',
          description: ' ',
          image: 'promotion_dummy.jpg',
          start_date: '2026-02-10',
          end_date: '2026-02-01',
          notification_schedule_date: '',
          notification_schedule_time: '24:00:00',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'promotion.title', message: 'Title is required' },
        { field: 'promotion.description', message: 'Description is required' },
        { field: 'promotion.image', message: 'This value is required.' },
        {
          field: 'promotion.notification_schedule_date',
          message: 'Notification date is required',
        },
        {
          field: 'promotion.notification_schedule_time',
          message: 'Please enter a time as HH:mm:ss (hours 00–23, minutes and seconds 00–59)',
        },
        { field: 'promotion.end_date', message: 'The end date cannot be before the start date' },
      ]),
    );
    const missingDates = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: { ...bearer(who.token), 'accept-language': 'es' },
      payload: { promotion: await promotionInput(who, { start_date: '', end_date: '2026-13-01' }) },
    });
    expect(missingDates.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'promotion.start_date', message: 'La fecha de inicio es obligatoria' },
        { field: 'promotion.end_date', message: 'Introduzca una fecha válida' },
      ]),
    );
    const unwrapped = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: await promotionInput(who),
    });
    expect(unwrapped.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(promotions)
        .where(eq(promotions.companyId, who.shop.companyId)),
    ).toEqual([]);
  });

  it("refuses unknown categories and nationalities, and another company's image", async () => {
    const who = await signedIn();
    const lists = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: {
        promotion: await promotionInput(who, {
          shopping_behavior: 'fashion,astronauts',
          targeted_nationality: 'USA,XYZ',
        }),
      },
    });
    expect(lists.statusCode).toBe(400);
    expect(lists.json().errors).toEqual([
      {
        field: 'promotion.shopping_behavior',
        message: 'Please choose the categories from the list',
      },
      {
        field: 'promotion.targeted_nationality',
        message: 'Please choose the nationalities from the list',
      },
    ]);

    const other = await signedIn();
    const foreign = await uploadImage(t.app, other.token);
    const image = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { promotion: await promotionInput(who, { image: foreign }) },
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().errors).toEqual([
      {
        field: 'promotion.image',
        message: 'The picture could not be found. Please upload it again.',
      },
    ]);
    expect((await fileExists(foreign))?.temporary).toBe(1);
  });

  it("refuses another company's or branch's URL, and a missing session", async () => {
    const who = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    const payload = { promotion: await promotionInput(who) };
    for (const url of [listUrl(other), listUrl({ ...who.shop, branchId: other.branchId })]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(who.token),
        payload,
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: listUrl(who.shop), payload });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(promotions)
        .where(eq(promotions.companyId, other.companyId)),
    ).toEqual([]);
  });
});

describe('GET …/promotions', () => {
  it('pages newest first with metadata.total, and searches title and description', async () => {
    const who = await signedIn();
    const titles = ['First', 'Second', 'Third coats', 'Fourth', 'Fifth'];
    for (const title of titles) await create(who, { title });
    const page = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `${listUrl(who.shop)}?${query}`,
        headers: bearer(who.token),
      });

    const first = await page('perPage=2&page=1&search=');
    expect(first.statusCode).toBe(200);
    expect(first.json().metadata).toEqual({ total: 5 });
    expect(first.json().data.map((p: { title: string }) => p.title)).toEqual(['Fifth', 'Fourth']);
    const last = await page('perPage=2&page=3');
    expect(last.json().data.map((p: { title: string }) => p.title)).toEqual(['First']);

    const search = await page('perPage=8&page=1&search=third');
    expect(search.json().metadata).toEqual({ total: 1 });
    expect(search.json().data[0].title).toBe('Third coats');
    const byDescription = await page('search=coats%20month');
    expect(byDescription.json().metadata.total).toBe(5);
    const none = await page('search=%25_nothing');
    expect(none.json()).toMatchObject({ data: [], metadata: { total: 0 } });

    const defaults = await page('');
    expect(defaults.json().data).toHaveLength(5);
  });

  it("shows no promotion of another company, and refuses another company's URL", async () => {
    const who = await signedIn();
    const other = await signedIn();
    await create(other);
    const mine = await t.app.inject({
      method: 'GET',
      url: listUrl(who.shop),
      headers: bearer(who.token),
    });
    expect(mine.json()).toMatchObject({ data: [], metadata: { total: 0 } });
    const theirs = await t.app.inject({
      method: 'GET',
      url: listUrl(other.shop),
      headers: bearer(who.token),
    });
    expect(theirs.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: listUrl(who.shop) })).statusCode).toBe(401);
  });
});

describe('GET, PUT, DELETE …/promotions/{id}', () => {
  it('reads one promotion', async () => {
    const who = await signedIn();
    const created = await create(who);
    const response = await t.app.inject({
      method: 'GET',
      url: `${listUrl(who.shop)}/${created.promotion_id}`,
      headers: bearer(who.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      promotion_id: created.promotion_id,
      title: 'Winter sale',
      notification_schedule: '2026-01-09 09:30:00',
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `${listUrl(who.shop)}/999999`,
      headers: bearer(who.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'PROMOTION_NOT_FOUND',
      message: 'The promotion was not found.',
    });
  });

  it('updates a promotion and releases the image it no longer shows', async () => {
    const who = await signedIn();
    const created = await create(who);
    const input = await promotionInput(who, {
      title: 'Winter sale, extended',
      end_date: '2026-02-15',
      notification_schedule: '2026-01-20 18:00:00',
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/${created.promotion_id}`,
      headers: bearer(who.token),
      payload: { promotion: input },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Promotion saved successfully',
      data: {
        promotion_id: created.promotion_id,
        title: 'Winter sale, extended',
        image: input.image,
        end_date: '2026-02-15',
        notification_schedule: '2026-01-20 18:00:00',
      },
    });
    expect(await fileExists(created.image)).toBeNull();
    expect((await fileExists(input.image))?.temporary).toBe(0);

    const sameImage = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/${created.promotion_id}`,
      headers: bearer(who.token),
      payload: { promotion: { ...input, title: 'Same picture' } },
    });
    expect(sameImage.statusCode).toBe(200);
    expect((await fileExists(input.image))?.temporary).toBe(0);
  });

  it('refuses an invalid update and changes nothing', async () => {
    const who = await signedIn();
    const created = await create(who);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/${created.promotion_id}`,
      headers: bearer(who.token),
      payload: { promotion: { ...(await promotionInput(who)), image: 'promotion_dummy.jpg' } },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.id, created.promotion_id));
    expect(row?.image).toBe(created.image);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/999999`,
      headers: bearer(who.token),
      payload: { promotion: await promotionInput(who) },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a promotion and releases its image', async () => {
    const who = await signedIn();
    const created = await create(who);
    const url = `${listUrl(who.shop)}/${created.promotion_id}`;
    const response = await t.app.inject({ method: 'DELETE', url, headers: bearer(who.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Promotion deleted successfully',
    });
    expect(await fileExists(created.image)).toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(who.token) });
    expect(again.statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    expect(read.statusCode).toBe(404);
  });

  it("refuses another company's promotion on every call, changing nothing", async () => {
    const who = await signedIn();
    const other = await signedIn();
    const theirs = await create(other);
    const ownUrl = `${listUrl(who.shop)}/${theirs.promotion_id}`;
    const theirUrl = `${listUrl(other.shop)}/${theirs.promotion_id}`;
    const payload = { promotion: await promotionInput(who, { title: 'Hijacked' }) };

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const byId = await t.app.inject({
        method,
        url: ownUrl,
        headers: bearer(who.token),
        ...(method === 'PUT' ? { payload } : {}),
      });
      expect(byId.statusCode, `${method} by id`).toBe(404);
      const byUrl = await t.app.inject({
        method,
        url: theirUrl,
        headers: bearer(who.token),
        ...(method === 'PUT' ? { payload } : {}),
      });
      expect(byUrl.statusCode, `${method} by URL`).toBe(403);
      const anonymous = await t.app.inject({
        method,
        url: theirUrl,
        ...(method === 'PUT' ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} without a session`).toBe(401);
    }
    const [row] = await t.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.id, theirs.promotion_id));
    expect(row?.title).toBe('Winter sale');
    expect((await fileExists(theirs.image))?.temporary).toBe(0);
  });

  it('refuses an id that is not a number', async () => {
    const who = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: `${listUrl(who.shop)}/abc`,
      headers: bearer(who.token),
    });
    expect(response.statusCode).toBe(400);
  });
});
