import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../test/support/factories.ts';
import { setSettings } from './settings-command.ts';

let t: TestApp;
let shop: Retailer;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
});
afterAll(() => t.close());

describe('settings:set', () => {
  it('switches flags, modes, rates and refund tiers, as the portal then reads them', async () => {
    const message = await setSettings(t.database.db, {
      accountNo: shop.accountNo,
      assignments: [
        'general.multiple_invoice_required=1',
        'taxFree.products_in_tfs_form=1',
        'vat.product_rates=25,13',
        'vat.purchase_amount_type=NET_AMOUNT',
        'refund.tiers=[{"from":0,"to":100000,"percentage":70},{"from":100000,"to":null,"percentage":80}]',
        'company.ushopSetting=false',
      ],
    });
    expect(message).toMatch(/updated/);
    const token = await login(t.app, shop);
    const data = (
      await t.app.inject({
        url: `/api/v2/companies/${shop.companyId}/settings/tfsSettingDetails`,
        headers: bearer(token),
      })
    ).json().data;
    expect(data.general_setting.multiple_invoice_required).toBe(1);
    expect(data.tax_free_setting.products_in_tfs_form).toBe(1);
    expect(data.vat_setting).toMatchObject({
      product_rates: '25,13',
      product_rates_array: [25, 13],
      purchase_amount_type: 'NET_AMOUNT',
    });
    expect(data.refund_calculation_setting.tiers).toHaveLength(2);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload: { accountno: shop.accountNo, username: shop.username, password: shop.password },
    });
    expect(relogin.json().data).toMatchObject({
      ushopSetting: 'false',
      tfs_setting_info: { vat_setting: { product_rates: '25,13' } },
    });
  });

  it('refuses unknown keys and invalid values, changing nothing', async () => {
    await expect(
      setSettings(t.database.db, { accountNo: shop.accountNo, assignments: ['general.nope=1'] }),
    ).rejects.toThrow(/Unknown setting/);
    await expect(
      setSettings(t.database.db, {
        accountNo: shop.accountNo,
        assignments: ['general.multiple_invoice_required=2'],
      }),
    ).rejects.toThrow(/Invalid general setting/);
    await expect(
      setSettings(t.database.db, {
        accountNo: shop.accountNo,
        assignments: ['vat.product_rates=25,abc'],
      }),
    ).rejects.toThrow(/product_rates/);
    // A Croatian shop offers only Croatia's rates.
    await expect(
      setSettings(t.database.db, {
        accountNo: shop.accountNo,
        assignments: ['vat.product_rates=25,20,10'],
      }),
    ).rejects.toThrow("vat.product_rates may hold only HR's VAT rates (25, 13, 5); not 20, 10.");
    await expect(
      setSettings(t.database.db, {
        accountNo: shop.accountNo,
        assignments: ['company.ushopSetting=maybe'],
      }),
    ).rejects.toThrow(/true or false/);
    await expect(
      setSettings(t.database.db, {
        accountNo: shop.accountNo,
        assignments: ['general.invoice_ref_no_required=1', 'refund.tiers=[{"from":0,"to":null}]'],
      }),
    ).rejects.toThrow(/refund/);
    const token = await login(t.app, shop);
    const data = (
      await t.app.inject({
        url: `/api/v2/companies/${shop.companyId}/settings/tfsSettingDetails`,
        headers: bearer(token),
      })
    ).json().data;
    expect(data.general_setting.invoice_ref_no_required).toBe(0);
  });
});
