import { config } from '@/config';

/** A picture from the API as a URL the browser can load; the default avatar when there is none. */
export function avatarUrl(image: string | null | undefined): string {
  const value = image?.trim();
  if (!value) return config.defaultAvatar;
  if (/^(https?:|data:|blob:|\/)/.test(value)) return value;
  return `${config.uploadsBase}/${value}`;
}
