import { excludedGoodsCategories } from '../countries/country-rules.ts';
import { COUNTRY_RULES } from '../countries/country-table.ts';

/**
 * The product categories and shopping behaviours the portal gives every new shop, by code, with
 * their English names (what is stored). A shop may add its own or rename one; those keep the name
 * the shop gave them.
 */
export const STARTING_PRODUCT_CATEGORIES: Readonly<Record<string, string>> = {
  CLOTHING: 'Clothing',
  LEATHER: 'Leather goods',
  SHOES: 'Shoes',
  JEWELLERY: 'Jewellery and watches',
  COSMETICS: 'Cosmetics and perfume',
  ELECTRONICS: 'Electronics',
  SOUVENIRS: 'Souvenirs',
};

/** The starting categories and those of the goods a country excludes from refunds (seeded too). */
const STANDARD_PRODUCT_CATEGORIES: Readonly<Record<string, string>> = {
  ...STARTING_PRODUCT_CATEGORIES,
  ...Object.fromEntries(
    Object.values(COUNTRY_RULES)
      .flatMap((rules) => excludedGoodsCategories(rules))
      .map((category) => [category.code, category.name]),
  ),
};

export const STANDARD_PROMOTION_CATEGORIES: Readonly<Record<string, string>> = {
  fashion: 'Fashion lovers',
  luxury: 'Luxury shoppers',
  tech: 'Tech enthusiasts',
  souvenirs: 'Souvenir hunters',
  families: 'Families',
};

/**
 * The key of the `server` catalogue that names a category in the reader's language
 * (`categories.product.CLOTHING`), while the category still has the name the portal gave it;
 * null for one the shop named itself, which reads as the shop wrote it.
 */
export function standardCategoryKey(
  kind: 'product' | 'promotion',
  code: string,
  name: string,
): string | null {
  const standard = kind === 'product' ? STANDARD_PRODUCT_CATEGORIES : STANDARD_PROMOTION_CATEGORIES;
  return Object.hasOwn(standard, code) && standard[code] === name
    ? `categories.${kind}.${code}`
    : null;
}
