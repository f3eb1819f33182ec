import { apiPath } from '../../api-dir.ts';

/**
 * The demo's promotion and gallery posters: real JPEGs (a gradient with a caption) shipped with
 * the seed, so creating the demo reads six small files instead of loading an image library.
 */
export const DEMO_IMAGES = [
  'winter-sale',
  'tax-free-shopping',
  'new-season',
  'our-shop',
  'leather-goods',
  'gift-wrapping',
] as const;

export function demoImagePath(name: (typeof DEMO_IMAGES)[number]): string {
  return apiPath('src', 'db', 'seed', 'images', `${name}.jpg`);
}
