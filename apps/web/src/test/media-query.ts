import { vi } from 'vitest';

/** A MediaQueryList for `query` that matches or not, and never changes (jsdom has none). */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** A screen as narrow as a phone's: lists show cards. */
export function mockPhoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('max-width')),
  );
}
