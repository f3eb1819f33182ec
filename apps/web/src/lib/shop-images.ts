import { DUMMY_IMAGES, isDummyImage } from '@taxfree/domain';
import { config } from '@/config';

export { DUMMY_IMAGES, isDummyImage };

/** A placeholder's name (SPEC 9's dummy images and the default avatar). */
export type DummyImage = (typeof DUMMY_IMAGES)[keyof typeof DUMMY_IMAGES];

/** Where the app's own copy of a placeholder is served (public/images, shipped with the app). */
export function dummyImageUrl(name: DummyImage): string {
  return `${import.meta.env.BASE_URL}images/${name}`;
}

/** What an uploaded picture's URL is built from: the account number and the company (SPEC 7). */
export type ImageOwner = { accountNo: string; companyId: string };

/**
 * A stored picture's address: `/uploads/{accountNo}/{companyId}/ushop/{name}`. Absolute URLs
 * and paths are taken as they are; a placeholder (or nothing) gives `fallback`.
 */
export function shopImageUrl(
  owner: ImageOwner | null,
  name: string | null | undefined,
  fallback: DummyImage,
): string {
  const value = name?.trim() ?? '';
  if (isDummyImage(value) || !owner) return dummyImageUrl(fallback);
  if (/^(https?:|data:|blob:|\/)/.test(value)) return value;
  return [
    config.uploadsBase,
    encodeURIComponent(owner.accountNo),
    encodeURIComponent(owner.companyId),
    'ushop',
    encodeURIComponent(value),
  ].join('/');
}
