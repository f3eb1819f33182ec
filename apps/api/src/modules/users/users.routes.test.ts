import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { storedFiles, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { png, uploadImage } from '../../../test/support/images.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const shop = await createRetailerFixture(t.database.db);
  return { shop, token: await login(t.app, shop) };
}

const userUrl = (shop: Pick<Retailer, 'companyId'>, userId: number) =>
  `/api/v2/companies/${shop.companyId}/users/${userId}`;

const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Horvat',
  email: 'ana.horvat@shop.example',
  mobile: '+385 91 234 5678',
  image: '',
  country: 'HR',
  ...overrides,
});

async function fileExists(name: string) {
  const rows = await t.database.db
    .select({ temporary: storedFiles.temporary })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return rows[0] ?? null;
}

describe('GET /api/v2/companies/{companyId}/users/{userId}', () => {
  it('answers the user with no image as the default avatar', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: userUrl(shop, shop.userId),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      user_id: shop.userId,
      username: shop.username,
      email: shop.email,
      image: null,
      path: null,
      thumb_path: null,
    });
  });

  it("refuses another company's user: 403 by the URL, 404 by the id", async () => {
    const { shop, token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    const byUrl = await t.app.inject({
      method: 'GET',
      url: userUrl(other, other.userId),
      headers: bearer(token),
    });
    expect(byUrl.statusCode).toBe(403);
    const byId = await t.app.inject({
      method: 'GET',
      url: userUrl(shop, other.userId),
      headers: bearer(token),
    });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().code).toBe('USER_NOT_FOUND');
  });

  it('answers a user id past any database integer as a field error, on reading and saving', async () => {
    const { shop, token } = await signedIn();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({
        method,
        url: userUrl(shop, 2 ** 31),
        headers: bearer(token),
        ...(method === 'PUT' ? { payload: profile() } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'userId' }],
      });
    }
  });

  it('needs a session', async () => {
    const { shop } = await signedIn();
    const response = await t.app.inject({ method: 'GET', url: userUrl(shop, shop.userId) });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/v2/companies/{companyId}/users/{userId}', () => {
  it('saves name, e-mail, mobile and a new picture, and keeps the picture', async () => {
    const { shop, token } = await signedIn();
    const image = await uploadImage(t.app, token);
    expect((await fileExists(image))?.temporary).toBe(1);

    const response = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, shop.userId),
      headers: bearer(token),
      payload: profile({ image }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'success', message: 'Profile updated successfully' });
    expect(body.data).toMatchObject({
      name: 'Ana Horvat',
      email: 'ana.horvat@shop.example',
      mobile: '+385 91 234 5678',
      country: 'HR',
      image,
      path: `/uploads/${shop.accountNo}/${shop.companyId}/ushop/${image}`,
      thumb_path: null,
    });
    expect((await fileExists(image))?.temporary).toBe(0);

    const picture = await t.app.inject({ method: 'GET', url: body.data.path });
    expect(picture.statusCode).toBe(200);

    const read = await t.app.inject({
      method: 'GET',
      url: userUrl(shop, shop.userId),
      headers: bearer(token),
    });
    expect(read.json().data.image).toBe(image);
  });

  it('keeps a thumbnail when the thumb flag asks for one', async () => {
    const { shop, token } = await signedIn();
    const image = await uploadImage(t.app, token, await png(400, 300));
    const response = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, shop.userId),
      headers: bearer(token),
      payload: profile({ image, thumb: 1 }),
    });
    expect(response.statusCode).toBe(200);
    const thumbPath = response.json().data.thumb_path as string;
    expect(thumbPath).toMatch(/-thumb\.jpg$/);
    const thumb = await t.app.inject({ method: 'GET', url: thumbPath });
    expect(thumb.statusCode).toBe(200);
    const { width, height, format } = await sharp(thumb.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 160, height: 160, format: 'jpeg' });
  });

  it('releases the previous picture when it is replaced or removed', async () => {
    const { shop, token } = await signedIn();
    const first = await uploadImage(t.app, token);
    const second = await uploadImage(t.app, token);
    const put = (image: string) =>
      t.app.inject({
        method: 'PUT',
        url: userUrl(shop, shop.userId),
        headers: bearer(token),
        payload: profile({ image, thumb: true }),
      });
    expect((await put(first)).statusCode).toBe(200);
    expect((await put(second)).statusCode).toBe(200);
    expect(await fileExists(first)).toBeNull();
    expect(await fileExists(first.replace('.png', '-thumb.jpg'))).toBeNull();
    expect((await put('default-avatar.svg')).json().data.image).toBeNull();
    expect(await fileExists(second)).toBeNull();
  });

  it('refuses missing name and mobile and an invalid e-mail, field by field, translated', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, shop.userId),
      headers: { ...bearer(token), 'accept-language': 'sr' },
      payload: profile({ name: ' ', email: 'not-an-email', mobile: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Ime je obavezno' },
        { field: 'email', message: 'Molimo unesite ispravnu adresu e-pošte' },
        { field: 'mobile', message: 'Broj mobilnog telefona je obavezan' },
      ]),
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, shop.userId));
    expect(row?.email).toBe(shop.email);
  });

  it("refuses a picture that is not the company's upload", async () => {
    const { shop, token } = await signedIn();
    const other = await signedIn();
    const foreign = await uploadImage(t.app, other.token);
    for (const image of [foreign, `${'a'.repeat(32)}.png`]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: userUrl(shop, shop.userId),
        headers: bearer(token),
        payload: profile({ image }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'image', message: 'The picture could not be found. Please upload it again.' },
      ]);
    }
    expect((await fileExists(foreign))?.temporary).toBe(1);
  });

  it("refuses another user's profile and another company's user, changing nothing", async () => {
    const { shop, token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    const byUrl = await t.app.inject({
      method: 'PUT',
      url: userUrl(other, other.userId),
      headers: bearer(token),
      payload: profile(),
    });
    expect(byUrl.statusCode).toBe(403);
    const byId = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, other.userId),
      headers: bearer(token),
      payload: profile(),
    });
    expect(byId.statusCode).toBe(404);

    const [colleague] = await t.database.db
      .insert(users)
      .values({
        companyId: shop.companyId,
        branchId: shop.branchId,
        username: `colleague${shop.userId}`,
        passwordHash: 'x',
        name: 'Colleague',
      })
      .returning({ id: users.id });
    const sameCompany = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, colleague!.id),
      headers: bearer(token),
      payload: profile(),
    });
    expect(sameCompany.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.userId));
    expect(row?.name).not.toBe('Ana Horvat');
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, colleague!.id));
    expect(kept?.name).toBe('Colleague');
  });

  it('needs a session', async () => {
    const { shop } = await signedIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: userUrl(shop, shop.userId),
      payload: profile(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/v2/companies/{companyId}/users/{userId}/preferences', () => {
  it('prints after issuing until the user turns it off, and keeps the choice', async () => {
    const { shop, token } = await signedIn();
    const read = () => t.app.inject({ url: userUrl(shop, shop.userId), headers: bearer(token) });
    expect((await read()).json().data.print_after_issue).toBe(true);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `${userUrl(shop, shop.userId)}/preferences`,
      headers: { ...bearer(token), 'accept-language': 'hr' },
      payload: { print_after_issue: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Vaše postavke su spremljene',
      data: { print_after_issue: false },
    });
    expect((await read()).json().data.print_after_issue).toBe(false);
  });

  it("refuses another user's preferences and a body that is not one", async () => {
    const { shop, token } = await signedIn();
    const [other] = await t.database.db
      .insert(users)
      .values({
        companyId: shop.companyId,
        branchId: shop.branchId,
        username: `colleague${shop.userId}`,
        passwordHash: 'x',
        name: 'Colleague',
      })
      .returning({ id: users.id });
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `${userUrl(shop, other!.id)}/preferences`,
      headers: bearer(token),
      payload: { print_after_issue: false },
    });
    expect(forbidden.statusCode).toBe(403);
    const [stored] = await t.database.db
      .select({ print: users.printAfterIssue })
      .from(users)
      .where(eq(users.id, other!.id));
    expect(stored?.print).toBe(true);

    const wrong = await t.app.inject({
      method: 'PUT',
      url: `${userUrl(shop, shop.userId)}/preferences`,
      headers: bearer(token),
      payload: { print_after_issue: 'sometimes' },
    });
    expect(wrong.statusCode).toBe(400);
  });
});
