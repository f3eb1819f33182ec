import { describe, expect, it } from 'vitest';
import { countryForm } from './country-forms.ts';

describe('country forms', () => {
  it("names each country's official form and the declaration its traveller signs", () => {
    expect(countryForm('HR')).toEqual({ formCode: 'PDV-P', declaration: 'eu' });
    expect(countryForm('si')).toEqual({ formCode: 'DDV-VP', declaration: 'eu' });
    expect(countryForm('RS')).toEqual({ formCode: 'ZPPPDV', declaration: 'serbia' });
    expect(countryForm('BA')).toEqual({ formCode: 'PDV-SL-2', declaration: 'bosnia' });
  });

  it('prints the general form with the EU declaration elsewhere', () => {
    expect(countryForm('AT')).toEqual({ formCode: null, declaration: 'eu' });
  });
});
