import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn(options: Parameters<typeof createRetailerFixture>[1] = {}) {
  const shop = await createRetailerFixture(t.database.db, options);
  return { shop, token: await login(t.app, shop) };
}

const shopUrl = (shop: Pick<Retailer, 'companyId' | 'branchId'>) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;

const put = (
  shop: Retailer,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: shopUrl(shop),
    headers: { ...bearer(token), ...headers },
    payload: { branch_name: `Branch ${shop.accountNo}`, ...payload },
  });

async function storedIdentity(companyId: number) {
  const [row] = await t.database.db
    .select({
      legalName: companies.legalName,
      address: companies.address,
      vatNumber: companies.vatNumber,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
}

describe("the company's legal identity on the shop information", () => {
  it('is answered beside the branch, whose own street address stays `address`', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: shopUrl(shop),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      address: null,
      legal_name: `Shop ${shop.accountNo}`,
      legal_address: 'Ilica 12, 10000 Zagreb',
      vat_number: 'HR69435151530',
    });
  });

  it('is answered empty where the shop has not given it yet', async () => {
    const { shop, token } = await signedIn({ legalIdentity: false });
    const response = await t.app.inject({
      method: 'GET',
      url: shopUrl(shop),
      headers: bearer(token),
    });
    expect(response.json().data).toMatchObject({
      legal_name: `Shop ${shop.accountNo}`,
      legal_address: null,
      vat_number: null,
    });
  });

  it('is saved as typed, tidied, its VAT number normalised, and audited', async () => {
    const { shop, token } = await signedIn({ legalIdentity: false });
    const response = await put(shop, token, {
      legal_name: '  Jadran  Moda d.o.o. ',
      legal_address: 'Ilica 12,\n10000 Zagreb',
      vat_number: 'hr 694-351-515 30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      legal_name: 'Jadran Moda d.o.o.',
      legal_address: 'Ilica 12, 10000 Zagreb',
      vat_number: 'HR69435151530',
    });
    expect(await storedIdentity(shop.companyId)).toEqual({
      legalName: 'Jadran Moda d.o.o.',
      address: 'Ilica 12, 10000 Zagreb',
      vatNumber: 'HR69435151530',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'company.legal-identity')),
      );
    expect(audit).toMatchObject({
      entity: 'company',
      entityId: String(shop.companyId),
      userId: shop.userId,
      details: {
        legalName: { from: `Shop ${shop.accountNo}`, to: 'Jadran Moda d.o.o.' },
        address: { from: null, to: 'Ilica 12, 10000 Zagreb' },
        vatNumber: { from: null, to: 'HR69435151530' },
      },
    });
  });

  it('keeps what is left out or null, and audits no change when nothing changed', async () => {
    const { shop, token } = await signedIn();
    const before = await storedIdentity(shop.companyId);
    const response = await put(shop, token, { legal_name: null, vat_number: 'HR69435151530' });
    expect(response.statusCode).toBe(200);
    expect(await storedIdentity(shop.companyId)).toEqual(before);
    const wrapped = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: bearer(token),
      payload: { branch: { branch_name: 'Renamed', legal_address: 'Vlaška 3, 10000 Zagreb' } },
    });
    expect(wrapped.statusCode).toBe(200);
    expect(await storedIdentity(shop.companyId)).toEqual({
      ...before,
      address: 'Vlaška 3, 10000 Zagreb',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'company.legal-identity')),
      );
    expect(audits).toHaveLength(1);
  });

  it('keeps a Serbian PIB as its digits alone', async () => {
    const { shop, token } = await signedIn({ country: 'RS' });
    await put(shop, token, { vat_number: 'RS 101-134-702' });
    expect((await storedIdentity(shop.companyId)).vatNumber).toBe('101134702');
  });
});

describe('refusals of the legal identity', () => {
  it('refuses emptying a part: a legal identity is corrected, never removed', async () => {
    const { shop, token } = await signedIn();
    const before = await storedIdentity(shop.companyId);
    const response = await put(shop, token, { legal_name: ' ', legal_address: '', vat_number: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED' });
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'legal_name', message: 'Legal name is required' },
        { field: 'legal_address', message: 'Registered address is required' },
      ]),
    );
    expect(await storedIdentity(shop.companyId)).toEqual(before);
  });

  it.each([
    ['HR', '69435151531', 'hr', 'Ovo nije valjani OIB'],
    ['SI', '58347886', 'sl-si', 'To ni veljavna identifikacijska številka za DDV'],
    ['RS', '104708954', 'sr', 'Ovo nije ispravan PIB'],
    ['BA', '20012345000', 'bs', 'Ovo nije ispravan PDV broj'],
  ])(
    'refuses a VAT number %s does not accept (%s), in the language asked for',
    async (country, vatNumber, language, message) => {
      const { shop, token } = await signedIn({ country });
      const before = await storedIdentity(shop.companyId);
      const response = await put(
        shop,
        token,
        { legal_name: 'Changed d.o.o.', vat_number: vatNumber },
        { 'accept-language': language },
      );
      expect(response.statusCode).toBe(400);
      const [error] = response.json().errors;
      expect(error.field).toBe('vat_number');
      expect(error.message).toContain(message);
      // Nothing is saved, not even the valid parts.
      expect(await storedIdentity(shop.companyId)).toEqual(before);
    },
  );

  it('names the field inside `branch` when the fields come wrapped', async () => {
    const { shop, token } = await signedIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: shopUrl(shop),
      headers: { ...bearer(token), 'accept-language': 'de' },
      payload: { branch: { branch_name: 'Ilica', vat_number: 'HR123' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'branch.vat_number',
        message:
          'Dies ist keine gültige OIB: 11 Ziffern, die letzte davon eine Prüfziffer (das vorangestellte HR ist optional)',
      },
    ]);
  });

  it('refuses a legal name too long to print', async () => {
    const { shop, token } = await signedIn();
    const response = await put(shop, token, { legal_name: 'x'.repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'legal_name', message: 'This text is too long' },
    ]);
  });
});
