import { announceChange } from '../../../db/change-notices.ts';
import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { auditLog, companies, taxForms, travellers } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shop = Retailer & { token: string };

async function openShop(options: Parameters<typeof createRetailerFixture>[1] = {}) {
  const shop = await createRetailerFixture(t.database.db, options);
  return { ...shop, token: await login(t.app, shop) };
}

const formsUrl = (shop: Shop, path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

const issue = (shop: Shop, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: formsUrl(shop, '/issue'),
    headers: { ...bearer(shop.token), ...headers },
    payload: issuePayload({ today: dayIn(shop.timeZone) }),
  });

/** Rows the issuing would write: forms, travellers, audit entries. */
async function written() {
  const db = t.database.db;
  const [forms, known, audits] = await Promise.all([
    db.select({ n: count() }).from(taxForms),
    db.select({ n: count() }).from(travellers),
    // Not the traveller's e-mails of earlier forms, audited whenever they leave.
    db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'form.mail')),
  ]);
  return { forms: forms[0]!.n, travellers: known[0]!.n, audits: audits[0]!.n };
}

/** Changes the stored identity as a write path does: the change is announced to the server. */
async function setIdentity(shop: Shop, identity: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(identity).where(eq(companies.id, shop.companyId));
  await announceChange(t.database.db, { kind: 'company', companyId: shop.companyId });
  // Heard before the next call, on PostgreSQL too (a notice arrives a moment after its commit).
  await t.app.changesHeard();
}

describe('a company without its full legal identity issues no form', () => {
  it('is refused, each missing part named with where to fill it in, and nothing is written', async () => {
    const shop = await openShop({ legalIdentity: false });
    const before = await written();
    const response = await issue(shop);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid. Please check them and try again.',
      errors: [
        {
          field: 'company.legal_address',
          message:
            "Your company's registered address is missing. Fill it in under Shop information to issue forms.",
        },
        {
          field: 'company.vat_number',
          message:
            "Your company's VAT number is missing. Fill it in under Shop information to issue forms.",
        },
      ],
    });
    expect(await written()).toEqual(before);
  });

  it('says so in the language asked for, the legal name too when it is gone', async () => {
    const shop = await openShop({ legalIdentity: false });
    await setIdentity(shop, { legalName: null });
    const response = await issue(shop, { 'accept-language': 'hr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'company.legal_name',
        message:
          'Nedostaje naziv vaše tvrtke. Upišite ga pod „Podaci o trgovini” kako biste mogli izdavati obrasce.',
      },
      {
        field: 'company.legal_address',
        message:
          'Nedostaje adresa sjedišta vaše tvrtke. Upišite je pod „Podaci o trgovini” kako biste mogli izdavati obrasce.',
      },
      {
        field: 'company.vat_number',
        message:
          'Nedostaje PDV identifikacijski broj vaše tvrtke. Upišite ga pod „Podaci o trgovini” kako biste mogli izdavati obrasce.',
      },
    ]);
  });

  it("is refused while its stored VAT number fails its country's check", async () => {
    // A Croatian OIB kept for a Slovenian company: 11 digits where Slovenia has 8.
    const shop = await openShop({ country: 'SI' });
    await setIdentity(shop, { vatNumber: 'HR69435151530' });
    const before = await written();
    const response = await issue(shop, { 'accept-language': 'sl-si' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'company.vat_number',
        message:
          'Identifikacijska številka za DDV vašega podjetja ni veljavna. Popravite jo v razdelku „Podatki o trgovini“, da boste lahko izdajali obrazce.',
      },
    ]);
    expect(await written()).toEqual(before);
  });

  it('updates no form either, and leaves the form as it was', async () => {
    const shop = await openShop();
    const issued = await issue(shop);
    expect(issued.statusCode).toBe(200);
    const { id } = issued.json<{ data: { id: number } }>().data;
    // The traveller's e-mail renders and stores the form's PDF: done before the form is compared.
    await t.app.formMails.runDue();
    const [stored] = await t.database.db.select().from(taxForms).where(eq(taxForms.id, id));
    await setIdentity(shop, { address: null });
    const before = await written();
    const response = await t.app.inject({
      method: 'POST',
      url: formsUrl(shop, `/update/${id}`),
      headers: { ...bearer(shop.token), 'accept-language': 'bs' },
      payload: issuePayload({
        today: dayIn(shop.timeZone),
        taxform: { traveler_name: 'Changed' },
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'company.legal_address',
        message:
          'Nedostaje adresa sjedišta vaše firme. Unesite je pod „Podaci o prodavnici” kako biste mogli izdavati obrasce.',
      },
    ]);
    const [after] = await t.database.db.select().from(taxForms).where(eq(taxForms.id, id));
    expect(after).toEqual(stored);
    expect(await written()).toEqual(before);
  });

  it('issues once the shop has filled in its legal identity', async () => {
    const shop = await openShop({ legalIdentity: false });
    expect((await issue(shop)).statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`,
      headers: bearer(shop.token),
      payload: {
        branch_name: `Branch ${shop.accountNo}`,
        legal_address: 'Ilica 12, 10000 Zagreb',
        vat_number: '04191082869',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await issue(shop)).statusCode).toBe(200);
  });
});
