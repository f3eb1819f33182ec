import Cookies from 'js-cookie';

/** How long a cookie lives when the caller does not say (SPEC 9). */
export const DEFAULT_COOKIE_MAX_AGE_SECONDS = 86_400;

export function setCookie(
  name: string,
  value: string,
  maxAgeSeconds: number = DEFAULT_COOKIE_MAX_AGE_SECONDS,
): void {
  Cookies.set(name, value, {
    expires: new Date(Date.now() + maxAgeSeconds * 1000),
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  });
}

/** The cookie, or undefined when the browser holds none by that name. */
export function findCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}
