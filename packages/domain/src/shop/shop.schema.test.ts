import { describe, expect, it } from 'vitest';
import { formatLocation, parseLocation, shopInputSchema } from './shop.schema.ts';

const messages = (input: unknown) => {
  const result = shopInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the shop information panel', () => {
  it('requires the shop name and a web address for the website', () => {
    expect(messages({ branch_name: '', website: 'www' })).toEqual({
      branch_name: 'shopNameRequired',
      website: 'websiteInvalid',
    });
    expect(messages({ branch_name: 'A', website: 'javascript:alert(1)' })).toEqual({
      website: 'websiteInvalid',
    });
    expect(messages({ branch_name: 'A', website: 'https://shop.example.com/about' })).toEqual({});
  });

  it('keeps the placeholder logo and empty fields as none', () => {
    expect(
      shopInputSchema.parse({
        branch_name: ' Ilica ',
        website: '',
        description: '',
        logo: 'logo_dummy.jpg',
        product_category: ' A, B ,,A',
        location: '',
      }),
    ).toEqual({
      branch_name: 'Ilica',
      website: null,
      description: null,
      logo: null,
      product_category: 'A,B',
      location: null,
    });
  });

  it('keeps the location as JSON text with latitude and longitude', () => {
    const parsed = shopInputSchema.parse({
      branch_name: 'A',
      location: '{"latitude": "45.81", "longitude": 15.97, "zoom": 6}',
    });
    expect(parsed.location).toBe('{"latitude":45.81,"longitude":15.97}');
    expect(parseLocation(parsed.location)).toEqual({ latitude: 45.81, longitude: 15.97 });
    expect(messages({ branch_name: 'A', location: '{"latitude": 91, "longitude": 0}' })).toEqual({
      location: 'locationInvalid',
    });
    expect(messages({ branch_name: 'A', location: 'Zagreb' })).toEqual({
      location: 'locationInvalid',
    });
    expect(formatLocation({ latitude: 25, longitude: 51 })).toBe('{"latitude":25,"longitude":51}');
  });
});
