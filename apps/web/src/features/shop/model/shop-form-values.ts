import type { ShopDetail, ShopInput } from '@taxfree/domain';

/** The fields a server error may name (SPEC 7's wire names). */
export const SHOP_FIELDS = [
  'branch_name',
  'website',
  'description',
  'logo',
  'product_category',
  'location',
  'legal_name',
  'legal_address',
  'vat_number',
] as const;

/** The form starts from the shop as the server has it; empty texts stand for "none". */
export function shopFormValues(shop: ShopDetail): ShopInput {
  return {
    branch_name: shop.branch_name,
    website: shop.website ?? '',
    description: shop.description ?? '',
    logo: shop.logo ?? '',
    product_category: shop.product_category,
    location: shop.location ?? '',
    legal_name: shop.legal_name ?? '',
    legal_address: shop.legal_address ?? '',
    vat_number: shop.vat_number ?? '',
  };
}

/**
 * 'www.example.com' is what people type; as a web address it needs its scheme. Returns the
 * completed address, or null when the text is empty, has a scheme, or names no host.
 */
export function completeWebsite(text: string): string | null {
  const value = text.trim();
  if (!value.includes('.') || /^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  return `https://${value}`;
}
