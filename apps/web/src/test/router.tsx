/**
 * Where a test starts: jsdom's address at `route`, as the first screen of the tab. Under
 * `TestRouter`, the app's own router, what a test renders reads and moves it as the app does.
 */
export function startAt(route: string) {
  window.history.replaceState(null, '', `#${route}`);
}

export { HashRouter as TestRouter } from '@/app/hash-router';
