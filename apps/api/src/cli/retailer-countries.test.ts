import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, settings } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import { bearer, createRetailerFixture, login } from '../../test/support/factories.ts';
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
    .select({
      currency: companies.currency,
      timeZone: companies.timeZone,
      ushopSetting: companies.ushopSetting,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = await t.database.db
    .select({ vat: settings.vatSetting })
    .from(settings)
    .where(eq(settings.companyId, companyId));
  return { ...company!, rates: (row!.vat as { product_rates: string }).product_rates };
}

describe('a new retailer takes its country’s law', () => {
  it('gets the currency, time zone, Croatia-customised mode and VAT rates of its country', async () => {
    const expected = {
      HR: { currency: 'EUR', timeZone: 'Europe/Zagreb', ushopSetting: 'true', rates: '25,13,5' },
      SI: {
        currency: 'EUR',
        timeZone: 'Europe/Ljubljana',
        ushopSetting: 'false',
        rates: '22,9.5,5',
      },
      RS: { currency: 'RSD', timeZone: 'Europe/Belgrade', ushopSetting: 'false', rates: '20,10' },
      BA: { currency: 'BAM', timeZone: 'Europe/Sarajevo', ushopSetting: 'false', rates: '17' },
    };
    for (const [country, shop] of Object.entries(expected)) {
      const retailer = await createRetailerFixture(t.database.db, { country });
      expect(await shopOf(retailer.companyId)).toEqual(shop);
    }
  });

  it('answers its own country’s standard VAT rate in its settings, not Croatia’s', async () => {
    const vatSettingOf = async (country: string) => {
      const retailer = await createRetailerFixture(t.database.db, { country });
      const answer = await t.app.inject({
        url: `/api/v2/companies/${retailer.companyId}/settings/tfsSettingDetails`,
        headers: bearer(await login(t.app, retailer)),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().data.vat_setting;
    };
    expect(await vatSettingOf('HR')).toMatchObject({
      rate: 25,
      fraction: 0.2,
      product_rates_array: [25, 13, 5],
    });
    expect(await vatSettingOf('SI')).toMatchObject({
      rate: 22,
      fraction: 22 / 122,
      product_rates_array: [22, 9.5, 5],
    });
    expect(await vatSettingOf('RS')).toMatchObject({ rate: 20, product_rates_array: [20, 10] });
    expect(await vatSettingOf('BA')).toMatchObject({ rate: 17, product_rates_array: [17] });
  });

  it('keeps the legal identity it is given, the VAT number normalised, the name defaulting to the company', async () => {
    const identity = async (accountNo: string) => {
      const [row] = await t.database.db
        .select({
          legalName: companies.legalName,
          address: companies.address,
          vatNumber: companies.vatNumber,
        })
        .from(companies)
        .where(eq(companies.accountNo, accountNo));
      return row;
    };
    const base = { username: 'ana', password: 'first-pass-1', branch: 'Centre' };
    await createRetailer(t.database.db, {
      ...base,
      accountNo: '990101',
      company: 'Alpska Obutev',
      country: 'SI',
      legalName: ' Alpska  Obutev d.o.o. ',
      address: 'Čopova ulica 5,\n1000 Ljubljana',
      vatNumber: '58 34 78 87',
    });
    expect(await identity('990101')).toEqual({
      legalName: 'Alpska Obutev d.o.o.',
      address: 'Čopova ulica 5, 1000 Ljubljana',
      vatNumber: 'SI58347887',
    });
    await createRetailer(t.database.db, {
      ...base,
      accountNo: '990102',
      company: 'Baščaršija Zanat',
      country: 'BA',
      vatNumber: '4200123450009',
    });
    expect(await identity('990102')).toEqual({
      legalName: 'Baščaršija Zanat',
      address: null,
      vatNumber: '200123450009',
    });
  });

  it('is refused with a VAT number its country does not accept, and nothing is created', async () => {
    const attempt = createRetailer(t.database.db, {
      accountNo: '990103',
      username: 'ana',
      password: 'first-pass-1',
      company: 'Kalemegdan',
      branch: 'Centre',
      country: 'RS',
      vatNumber: '104708954',
    });
    await expect(attempt).rejects.toThrow(
      'Not a VAT number of RS (104708954): This is not a valid PIB: 9 digits, the last one a check digit.',
    );
    const [taken] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.accountNo, '990103'));
    expect(taken).toBeUndefined();
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
