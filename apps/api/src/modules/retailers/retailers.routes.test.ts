import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, storedFiles } from '../../db/schema/index.ts';
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

async function signedIn() {
  const shop = await createRetailerFixture(t.database.db);
  return { shop, token: await login(t.app, shop) };
}

const shopUrl = (shop: Pick<Retailer, 'companyId' | 'branchId'>) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;

const shopInfo = (overrides: Record<string, unknown> = {}) => ({
  branch_name: 'Ilica Fashion',
  website: 'https://ilica-fashion.example.com',
  description: 'Two floors of fashion in the centre of Zagreb.',
  logo: 'logo_dummy.jpg',
  product_category: 'CLOTHING,SHOES',
  location: JSON.stringify({ latitude: 45.8131, longitude: 15.9772 }),
  ...overrides,
});

async function fileExists(name: string) {
  const rows = await t.database.db
    .select({ temporary: storedFiles.temporary })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return rows[0] ?? null;
}

describe('GET /api/v2/companies/{companyId}/retailers/{branchId}', () => {
  it("answers the branch's shop information, with no logo as the placeholder", async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: shopUrl(shop),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      retailer_branch_id: shop.branchId,
      branch_name: `Branch ${shop.accountNo}`,
      logo: null,
      path: null,
      location: null,
      product_category: '',
    });
  });

  it("refuses another company's or another branch's shop", async () => {
    const { shop, token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    for (const url of [shopUrl(other), shopUrl({ ...shop, branchId: other.branchId })]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: shopUrl(shop) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/v2/companies/{companyId}/retailers/{branchId}', () => {
  it('saves name, website, description, categories, location and logo', async () => {
    const { shop, token } = await signedIn();
    const logo = await uploadImage(t.app, token);
    const response = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: shopInfo({ logo, product_category: ' CLOTHING, SHOES ,CLOTHING' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Shop information updated successfully',
      data: {
        branch_name: 'Ilica Fashion',
        website: 'https://ilica-fashion.example.com',
        description: 'Two floors of fashion in the centre of Zagreb.',
        logo,
        path: `/uploads/${shop.accountNo}/${shop.companyId}/ushop/${logo}`,
        product_category: 'CLOTHING,SHOES',
        location: '{"latitude":45.8131,"longitude":15.9772}',
      },
    });
    expect((await fileExists(logo))?.temporary).toBe(0);

    const read = await t.app.inject({ method: 'GET', url: shopUrl(shop), headers: bearer(token) });
    expect(read.json().data).toMatchObject({ logo, product_category: 'CLOTHING,SHOES' });
  });

  it('accepts the fields wrapped in `branch`, and empty optional fields', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: {
        branch: shopInfo({ website: '', description: '', product_category: '', location: '' }),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      website: null,
      description: null,
      product_category: '',
      location: null,
      logo: null,
    });
  });

  it('releases the old logo when it is replaced', async () => {
    const { shop, token } = await signedIn();
    const first = await uploadImage(t.app, token);
    const second = await uploadImage(t.app, token);
    for (const logo of [first, second]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: shopUrl(shop),
        headers: bearer(token),
        payload: shopInfo({ logo }),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await fileExists(first)).toBeNull();
    expect((await fileExists(second))?.temporary).toBe(0);
  });

  it('refuses a blank name, a website that is not a URL and a broken location', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: { ...bearer(token), 'accept-language': 'de' },
      payload: shopInfo({ branch_name: '', website: 'not a url', location: '{"latitude":"x"}' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'branch_name', message: 'Der Name des Geschäfts ist erforderlich' },
        {
          field: 'website',
          message: 'Bitte geben Sie eine gültige Webadresse ein (z. B. https://www.beispiel.de)',
        },
        { field: 'location', message: 'Bitte wählen Sie den Standort auf der Karte' },
      ]),
    );
  });

  it("refuses unknown categories, another company's logo and a name another branch has", async () => {
    const { shop, token } = await signedIn();
    const unknown = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: shopInfo({ product_category: 'CLOTHING,SPACESHIPS' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'product_category', message: 'Please choose the categories from the list' },
    ]);

    const other = await signedIn();
    const foreign = await uploadImage(t.app, other.token);
    const wrongLogo = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: shopInfo({ logo: foreign }),
    });
    expect(wrongLogo.statusCode).toBe(400);
    expect(wrongLogo.json().errors[0].field).toBe('logo');

    await t.database.db
      .insert(branches)
      .values({ companyId: shop.companyId, branchName: 'Second Shop' });
    const taken = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: { branch: shopInfo({ branch_name: 'second shop' }) },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      {
        field: 'branch.branch_name',
        message: 'Another shop of your company already has this name',
      },
    ]);

    const [row] = await t.database.db.select().from(branches).where(eq(branches.id, shop.branchId));
    expect(row?.branchName).toBe(`Branch ${shop.accountNo}`);
  });

  it("refuses another company's or branch's shop and changes nothing", async () => {
    const { shop, token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    for (const url of [shopUrl(other), shopUrl({ ...shop, branchId: other.branchId })]) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(token),
        payload: shopInfo(),
      });
      expect(response.statusCode).toBe(403);
    }
    const [row] = await t.database.db
      .select()
      .from(branches)
      .where(eq(branches.id, other.branchId));
    expect(row?.branchName).toBe(`Branch ${other.accountNo}`);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      payload: shopInfo(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('product categories', () => {
  it('GET …/products and GET …/tfs/products answer the company categories', async () => {
    const { shop, token } = await signedIn();
    const products = await t.app.inject({
      method: 'GET',
      url: `/api/v2/companies/${shop.companyId}/products`,
      headers: bearer(token),
    });
    expect(products.statusCode).toBe(200);
    expect(products.json().data).toContainEqual({ category_id: 'CLOTHING', name: 'Clothing' });

    const tfs = await t.app.inject({
      method: 'GET',
      url: `/api/v2/companies/${shop.companyId}/tfs/products`,
      headers: bearer(token),
    });
    expect(tfs.statusCode).toBe(200);
    expect(tfs.json().data).toContainEqual({
      category_id: 'SHOES',
      name: 'Shoes',
      description: 'Shoes',
    });
  });

  it("refuses another company's categories and a missing session", async () => {
    const { token } = await signedIn();
    const other = await createRetailerFixture(t.database.db);
    for (const path of ['products', 'tfs/products']) {
      const url = `/api/v2/companies/${other.companyId}/${path}`;
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
