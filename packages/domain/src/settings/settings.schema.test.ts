import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES } from '../countries/country-table.ts';
import { countryVatSetting, parseSetting, vatSettingSchema } from './settings.schema.ts';

describe('a shop’s VAT setting', () => {
  it('starts from its country’s rates, the highest the standard one', () => {
    expect(countryVatSetting(COUNTRY_RULES.HR)).toEqual({
      rate: 25,
      fraction: 0.2,
      product_rates: '25,13,5',
    });
    expect(countryVatSetting(COUNTRY_RULES.SI)).toEqual({
      rate: 22,
      fraction: 22 / 122,
      product_rates: '22,9.5,5',
    });
    expect(countryVatSetting(COUNTRY_RULES.RS)).toMatchObject({ rate: 20, product_rates: '20,10' });
    expect(countryVatSetting(COUNTRY_RULES.BA)).toMatchObject({ rate: 17, product_rates: '17' });
  });

  it('fills what a stored setting leaves out with Croatia’s', () => {
    expect(parseSetting(vatSettingSchema, null)).toEqual({
      rate: 25,
      fraction: 0.2,
      purchase_amount_type: 'GROSS_AMOUNT',
      product_rates: '25,13,5',
    });
  });
});
