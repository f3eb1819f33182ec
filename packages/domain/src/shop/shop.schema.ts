import * as z from 'zod/mini';
import { optionalImageSchema } from '../content/image.rules.ts';
import { joinList, splitList } from '../content/fields.rules.ts';
import { multiLineText, oneLineText } from '../content/plain-text.rules.ts';
import { legalAddressSchema, legalNameSchema, vatNumberSchema } from './legal-identity.rules.ts';

/** The map's starting view when a shop has no location yet (SPEC 9). */
export const DEFAULT_MAP_VIEW = { latitude: 25, longitude: 51, zoom: 6 } as const;

export type ShopLocation = { latitude: number; longitude: number };

/** Reads the location JSON text (`{"latitude": …, "longitude": …}`); null when absent or broken. */
export function parseLocation(text: string | null | undefined): ShopLocation | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const latitude = Number(value.latitude);
    const longitude = Number(value.longitude);
    if (typeof value.latitude === 'boolean' || typeof value.longitude === 'boolean') return null;
    if (value.latitude === null || value.longitude === null) return null;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  } catch {
    return null;
  }
}

/** The location as the API keeps it: JSON text with latitude and longitude (SPEC 3). */
export function formatLocation(location: ShopLocation): string {
  return JSON.stringify({ latitude: location.latitude, longitude: location.longitude });
}

const isWebsite = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * `PUT /api/v2/companies/{companyId}/retailers/{branchId}`: the Shop information panel (SPEC 3
 * "Branch", 5 "Shop"). Fields: branch_name*, website (http(s) URL), description, logo (stored
 * upload name; empty or logo_dummy.jpg means none), product_category (comma-joined category ids
 * of `GET …/products`), location (JSON text `{"latitude":…,"longitude":…}`, empty for none).
 * The company's legal identity, optional (absent, it stays as stored; it is never emptied):
 * legal_name, legal_address, vat_number. The VAT number's check needs the company's country:
 * the server runs it on what this schema gives, the browser through `shopInputSchemaFor`.
 */
export const shopInputSchema = z.object({
  branch_name: z
    .string({ error: 'shopNameRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'shopNameRequired'),
      z.maxLength(150, 'textTooLong'),
      oneLineText,
    ),
  website: z
    .pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(500, 'textTooLong'), oneLineText)),
      z.transform((value: string | null | undefined) => value || null),
    )
    .check(z.refine((value) => value === null || isWebsite(value), 'websiteInvalid')),
  description: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(5000, 'textTooLong'), multiLineText)),
    z.transform((value: string | null | undefined) => value || null),
  ),
  logo: optionalImageSchema,
  product_category: z.pipe(
    z.nullish(z.string().check(z.maxLength(2000, 'textTooLong'))),
    z.transform((value: string | null | undefined) => joinList(splitList(value))),
  ),
  location: z.pipe(
    z
      .pipe(
        z.nullish(z.string().check(z.trim(), z.maxLength(200, 'locationInvalid'))),
        z.transform((value: string | null | undefined) => value || null),
      )
      .check(
        z.refine((value) => value === null || parseLocation(value) !== null, 'locationInvalid'),
      ),
    z.transform((value: string | null) => {
      const location = parseLocation(value);
      return location ? formatLocation(location) : null;
    }),
  ),
  legal_name: legalNameSchema,
  legal_address: legalAddressSchema,
  vat_number: z.pipe(
    z.nullish(z.string()),
    z.transform((value: string | null | undefined) => value ?? undefined),
  ),
});

/** The shop information of a company in `country` (ISO 3166-1 alpha-2), its VAT number checked. */
export function shopInputSchemaFor(country: string) {
  return z.extend(shopInputSchema, { vat_number: vatNumberSchema(country) });
}
export type ShopInput = z.input<typeof shopInputSchema>;
export type Shop = z.output<typeof shopInputSchema>;

/** `GET …/retailers/{branchId}`: the branch's public face. */
export const shopSchema = z.object({
  retailer_branch_id: z.number().check(z.int()),
  branch_name: z.string(),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** Stored file name, null for logo_dummy.jpg. */
  logo: z.nullable(z.string()),
  /** Where the logo is served, null for logo_dummy.jpg. */
  path: z.nullable(z.string()),
  location: z.nullable(z.string()),
  product_category: z.string(),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  postcode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The company's legal identity (all its shops share it): registered name, address, VAT number. */
  legal_name: z.nullable(z.string()),
  legal_address: z.nullable(z.string()),
  vat_number: z.nullable(z.string()),
});
export type ShopDetail = z.infer<typeof shopSchema>;
