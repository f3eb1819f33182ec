import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, settings } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { createRetailerFixture } from '../test/factories.ts';
import { createRetailer } from './commands.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function shopOf(companyId: number) {
  const [company] = await t.database.db
    .select({ currency: companies.currency, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = await t.database.db
    .select({ vat: settings.vatSetting })
    .from(settings)
    .where(eq(settings.companyId, companyId));
  return { ...company!, rates: (row!.vat as { product_rates: string }).product_rates };
}

describe('a new retailer takes its country’s law', () => {
  it('gets the currency, time zone and VAT rates of each country the portal serves', async () => {
    const expected = {
      HR: { currency: 'EUR', timeZone: 'Europe/Zagreb', rates: '25,13,5' },
      SI: { currency: 'EUR', timeZone: 'Europe/Ljubljana', rates: '22,9.5,5' },
      RS: { currency: 'RSD', timeZone: 'Europe/Belgrade', rates: '20,10' },
      BA: { currency: 'BAM', timeZone: 'Europe/Sarajevo', rates: '17' },
    };
    for (const [country, shop] of Object.entries(expected)) {
      const retailer = await createRetailerFixture(t.database.db, { country });
      expect(await shopOf(retailer.companyId)).toEqual(shop);
    }
  });

  it('is refused in a country the portal does not serve, with the list of those it does', async () => {
    const attempt = createRetailer(t.database.db, {
      accountNo: '990099',
      username: 'hans',
      password: 'first-pass-1',
      company: 'Laden GmbH',
      branch: 'Mitte',
      country: 'DE',
    });
    await expect(attempt).rejects.toThrow('use one of HR, SI, RS, BA');
    const [taken] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.accountNo, '990099'));
    expect(taken).toBeUndefined();
  });
});
