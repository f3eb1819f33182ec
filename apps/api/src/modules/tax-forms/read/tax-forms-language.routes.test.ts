import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBarcode } from '@taxfree/domain';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createFormFixture,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  // Issued in Bosnia and Herzegovina (country 42).
  await createFormFixture(t.database.db, shop, { barcode: makeBarcode(shop.companyId, 1) });
});
afterAll(() => t.close());

async function countryNameIn(language?: string) {
  const response = await t.app.inject({
    url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`,
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
  });
  expect(response.statusCode).toBe(200);
  const [row] = response.json().data;
  return row.issued_govt_name as string;
}

describe('GET …/taxforms, the issuing country', () => {
  it('is named in the language of Accept-Language', async () => {
    expect(await countryNameIn('hr')).toBe('Bosna i Hercegovina');
    expect(await countryNameIn('de')).toBe('Bosnien und Herzegowina');
    expect(await countryNameIn('fr')).toBe('Bosnie-Herzégovine');
    expect(await countryNameIn('sl-si')).toBe('Bosna in Hercegovina');
    expect(await countryNameIn('es')).toBe('Bosnia y Herzegovina');
  });

  it('is written in Latin script for Serbian', async () => {
    expect(await countryNameIn('sr')).toBe('Bosna i Hercegovina');
  });

  it('is in English without the header, or for a language the portal does not speak', async () => {
    expect(await countryNameIn()).toBe('Bosnia and Herzegovina');
    expect(await countryNameIn('ja')).toBe('Bosnia and Herzegovina');
  });
});
