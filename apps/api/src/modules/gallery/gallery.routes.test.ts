import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, storedFiles } from '../../db/schema/index.ts';
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
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/gallery`;

async function galleryInput(who: Shop, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Our shop window',
    description: 'The new spring collection.',
    image: await uploadImage(t.app, who.token),
    ...overrides,
  };
}

async function create(who: Shop, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: listUrl(who.shop),
    headers: bearer(who.token),
    payload: { gallery: await galleryInput(who, overrides) },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().data as { gallery_id: number; image: string; title: string };
}

async function fileExists(name: string) {
  const rows = await t.database.db
    .select({ temporary: storedFiles.temporary })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return rows[0] ?? null;
}

describe('POST …/gallery', () => {
  it('saves a gallery item from {gallery} and keeps its image', async () => {
    const who = await signedIn();
    const input = await galleryInput(who, { start_date: '2026-03-01', end_date: '2026-06-30' });
    const response = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { gallery: input },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Image saved successfully',
      data: {
        title: 'Our shop window',
        description: 'The new spring collection.',
        image: input.image,
        path: `/uploads/${who.shop.accountNo}/${who.shop.companyId}/ushop/${input.image}`,
        start_date: '2026-03-01',
        end_date: '2026-06-30',
      },
    });
    expect((await fileExists(input.image))?.temporary).toBe(0);
  });

  it('keeps the description and dates optional', async () => {
    const who = await signedIn();
    const created = await create(who, { description: '', start_date: '', end_date: null });
    expect(created).toMatchObject({ description: null, start_date: null, end_date: null });
  });

  it('refuses a missing title, the placeholder image and an end before the start', async () => {
    const who = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: { ...bearer(who.token), 'accept-language': 'sl-SI' },
      payload: {
        gallery: {
          title: '',
          image: 'gallery_dummy.jpg',
          start_date: '2026-05-02',
          end_date: '2026-05-01',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'gallery.title', message: 'Naslov je obvezen' },
        { field: 'gallery.image', message: 'Ta vrednost je obvezna.' },
        { field: 'gallery.end_date', message: 'Datum konca ne sme biti pred datumom začetka' },
      ]),
    );
    const noImage = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { gallery: { title: 'No picture' } },
    });
    expect(noImage.json().errors).toEqual([
      { field: 'gallery.image', message: 'This value is required.' },
    ]);
  });

  it("refuses another company's image, another company's URL and a missing session", async () => {
    const who = await signedIn();
    const other = await signedIn();
    const foreign = await uploadImage(t.app, other.token);
    const image = await t.app.inject({
      method: 'POST',
      url: listUrl(who.shop),
      headers: bearer(who.token),
      payload: { gallery: await galleryInput(who, { image: foreign }) },
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().errors[0].field).toBe('gallery.image');

    const payload = { gallery: await galleryInput(who) };
    for (const url of [
      listUrl(other.shop),
      listUrl({ ...who.shop, branchId: other.shop.branchId }),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(who.token),
        payload,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: listUrl(who.shop), payload })).statusCode,
    ).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(galleryItems)
        .where(eq(galleryItems.companyId, other.shop.companyId)),
    ).toEqual([]);
  });
});

describe('GET …/gallery', () => {
  it('pages newest first with metadata.total, and searches', async () => {
    const who = await signedIn();
    for (const title of ['Window', 'Counter', 'Fitting room', 'Entrance']) {
      await create(who, { title });
    }
    const page = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `${listUrl(who.shop)}?${query}`,
        headers: bearer(who.token),
      });
    const first = await page('perPage=3&page=1&search=');
    expect(first.statusCode).toBe(200);
    expect(first.json().metadata).toEqual({ total: 4 });
    expect(first.json().data.map((g: { title: string }) => g.title)).toEqual([
      'Entrance',
      'Fitting room',
      'Counter',
    ]);
    const second = await page('perPage=3&page=2');
    expect(second.json().data.map((g: { title: string }) => g.title)).toEqual(['Window']);
    const search = await page('search=FITTING');
    expect(search.json()).toMatchObject({ metadata: { total: 1 } });
    expect(search.json().data[0].title).toBe('Fitting room');
  });

  it("shows no item of another company and refuses another company's URL", async () => {
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

describe('GET, PUT, DELETE …/gallery/{id}', () => {
  it('reads, updates (releasing the replaced image) and deletes (releasing its image)', async () => {
    const who = await signedIn();
    const created = await create(who);
    const url = `${listUrl(who.shop)}/${created.gallery_id}`;

    const read = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      gallery_id: created.gallery_id,
      title: created.title,
    });

    const input = await galleryInput(who, { title: 'Shop window at night', description: '' });
    const updated = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(who.token),
      payload: { gallery: input },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Image saved successfully',
      data: { title: 'Shop window at night', description: null, image: input.image },
    });
    expect(await fileExists(created.image)).toBeNull();
    expect((await fileExists(input.image))?.temporary).toBe(0);

    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(who.token) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', message: 'Image deleted successfully' });
    expect(await fileExists(input.image)).toBeNull();

    for (const method of ['GET', 'DELETE'] as const) {
      const gone = await t.app.inject({ method, url, headers: bearer(who.token) });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({
        code: 'GALLERY_ITEM_NOT_FOUND',
        message: 'The gallery image was not found.',
      });
    }
  });

  it('refuses an invalid update and changes nothing', async () => {
    const who = await signedIn();
    const created = await create(who);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/${created.gallery_id}`,
      headers: bearer(who.token),
      payload: { gallery: { title: ' ', image: created.image } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'gallery.title', message: 'Title is required' },
    ]);
    const [row] = await t.database.db
      .select()
      .from(galleryItems)
      .where(eq(galleryItems.id, created.gallery_id));
    expect(row?.title).toBe('Our shop window');
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${listUrl(who.shop)}/999999`,
      headers: bearer(who.token),
      payload: { gallery: await galleryInput(who) },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses another company's item on every call, changing nothing", async () => {
    const who = await signedIn();
    const other = await signedIn();
    const theirs = await create(other);
    const ownUrl = `${listUrl(who.shop)}/${theirs.gallery_id}`;
    const theirUrl = `${listUrl(other.shop)}/${theirs.gallery_id}`;
    const payload = { gallery: await galleryInput(who, { title: 'Hijacked' }) };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const withBody = method === 'PUT' ? { payload } : {};
      const byId = await t.app.inject({
        method,
        url: ownUrl,
        headers: bearer(who.token),
        ...withBody,
      });
      expect(byId.statusCode, `${method} by id`).toBe(404);
      const byUrl = await t.app.inject({
        method,
        url: theirUrl,
        headers: bearer(who.token),
        ...withBody,
      });
      expect(byUrl.statusCode, `${method} by URL`).toBe(403);
      const anonymous = await t.app.inject({ method, url: theirUrl, ...withBody });
      expect(anonymous.statusCode, `${method} without a session`).toBe(401);
    }
    const [row] = await t.database.db
      .select()
      .from(galleryItems)
      .where(eq(galleryItems.id, theirs.gallery_id));
    expect(row?.title).toBe('Our shop window');
    expect((await fileExists(theirs.image))?.temporary).toBe(0);
  });
});
