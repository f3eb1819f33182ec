import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { productCategories, travellers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let serbian: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  serbian = await createRetailerFixture(t.database.db, { country: 'RS' });
  token = await login(t.app, shop);
  await t.database.db.insert(travellers).values({
    companyId: shop.companyId,
    name: 'Emina',
    surname: 'Hodžić',
    passport: 'BA1234567',
    issuedGovt: 42,
    nationality: 42,
    dateOfBirth: '1990-04-12',
    address: 'Ferhadija 1, Sarajevo',
    updatedAt: new Date('2026-11-02T10:00:00Z'),
  });
});
afterAll(() => t.close());

const get = (url: string, lang = 'en', auth = token) =>
  t.app.inject({ url: `/api/v2${url}`, headers: { ...bearer(auth), 'accept-language': lang } });

describe('reference data', () => {
  it('names every country in the language of the request; 42 is the default issuing country', async () => {
    const en = (
      await get(`/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/countries`)
    ).json().data;
    expect(en).toHaveLength(250);
    expect(en.find((c: { id: number }) => c.id === 42)).toMatchObject({
      ISO3: 'BIH',
      text: 'Bosnia and Herzegovina',
      is_eu: 0,
    });
    expect(en.find((c: { ISO3: string }) => c.ISO3 === 'HRV').is_eu).toBe(1);
    const sr = (
      await get(`/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/countries`, 'sr')
    ).json().data;
    expect(sr.find((c: { ISO3: string }) => c.ISO3 === 'DEU').text).toBe('Nemačka');
    const hr = (
      await get(`/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/countries`, 'hr')
    ).json().data;
    expect(hr.find((c: { id: number }) => c.id === 42).text).toBe('Bosna i Hercegovina');
  });

  it("answers the branch's currency", async () => {
    const eur = await get(
      `/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/currency`,
    );
    expect(eur.json().data).toEqual({ currency: 'EUR' });
    const rsToken = await login(t.app, serbian);
    const rsd = await get(
      `/companies/${serbian.companyId}/retailers/${serbian.branchId}/taxforms/currency`,
      'en',
      rsToken,
    );
    expect(rsd.json().data).toEqual({ currency: 'RSD' });
  });

  it("lists the company's product categories", async () => {
    const data = (await get(`/companies/${shop.companyId}/products`)).json().data;
    expect(data).toEqual(expect.arrayContaining([{ category_id: 'CLOTHING', name: 'Clothing' }]));
  });

  it("names the portal's categories in the request's language, and the shop's own as written", async () => {
    await t.database.db
      .update(productCategories)
      .set({ name: 'Ladies’ fashion' })
      .where(
        and(eq(productCategories.companyId, shop.companyId), eq(productCategories.code, 'SHOES')),
      );
    const names = async (url: string, lang: string) =>
      Object.fromEntries(
        (await get(url, lang))
          .json()
          .data.map((c: { category_id: string; name: string }) => [c.category_id, c.name]),
      );
    const products = `/companies/${shop.companyId}/products`;
    expect(await names(products, 'hr')).toMatchObject({
      CLOTHING: 'Odjeća',
      LEATHER: 'Kožna galanterija',
      SHOES: 'Ladies’ fashion',
    });
    expect(await names(products, 'de')).toMatchObject({ CLOTHING: 'Bekleidung' });
    const classifications = (await get(`/companies/${shop.companyId}/tfs/products`, 'fr')).json()
      .data;
    expect(classifications).toEqual(
      expect.arrayContaining([
        { category_id: 'CLOTHING', name: 'Vêtements', description: 'Vêtements' },
      ]),
    );
    const behaviours = (
      await get(`/companies/${shop.companyId}/promotions/categories`, 'hr')
    ).json().data;
    expect(behaviours).toEqual(expect.arrayContaining([{ value: 'families', label: 'Obitelji' }]));
  });

  it('orders the categories by their names as the request’s language sorts them', async () => {
    const inOrder = async (url: string, lang: string, field: 'name' | 'label') =>
      (await get(url, lang)).json().data.map((c: Record<string, string>) => c[field]) as string[];
    const products = `/companies/${shop.companyId}/products`;
    const croatian = await inOrder(products, 'hr', 'name');
    expect(croatian).toEqual([...croatian].sort(new Intl.Collator('hr-HR').compare));
    // Clothing comes before Leather goods in English, Kožna galanterija before Odjeća in Croatian.
    expect(croatian.indexOf('Kožna galanterija')).toBeLessThan(croatian.indexOf('Odjeća'));
    const english = await inOrder(products, 'en', 'name');
    expect(english.indexOf('Clothing')).toBeLessThan(english.indexOf('Leather goods'));
    const behaviours = await inOrder(
      `/companies/${shop.companyId}/promotions/categories`,
      'hr',
      'label',
    );
    expect(behaviours).toEqual([...behaviours].sort(new Intl.Collator('hr-HR').compare));
    expect(behaviours[0]).toBe('Kupci luksuzne robe');
  });

  it('answers the settings with the VAT rates as a list', async () => {
    const data = (await get(`/companies/${shop.companyId}/settings/tfsSettingDetails`)).json().data;
    expect(data.vat_setting).toMatchObject({
      product_rates: '25,13,5',
      product_rates_array: [25, 13, 5],
    });
    expect(data.general_setting.refund_methods).toBe('option2,option3,option5,option6');
    expect(data.tax_free_setting).toHaveProperty('products_in_tfs_form', 0);
    expect(data.refund_calculation_setting).toEqual({ source: 'VAT_AMOUNT', tiers: [] });
  });

  it('finds a known traveller by passport, in any case, within the company only', async () => {
    const found = await get(`/companies/${shop.companyId}/traveller/passport/ba1234567`);
    expect(found.json().data).toMatchObject({
      traveler_name: 'Emina',
      traveler_surname: 'Hodžić',
      issued_govt: 42,
      traveler_dob: '1990-04-12',
      last_form_date: '2026-11-02',
    });
    expect(
      (await get(`/companies/${shop.companyId}/traveller/passport/XX0000000`)).statusCode,
    ).toBe(404);
    const rsToken = await login(t.app, serbian);
    expect(
      (await get(`/companies/${serbian.companyId}/traveller/passport/BA1234567`, 'en', rsToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/companies/${shop.companyId}/traveller/passport/BA1234567`, 'en', rsToken))
        .statusCode,
    ).toBe(403);
  });
});
