let hasWarned = false;

/**
 * The token the server wrote into `<meta name="csrf-token">` when it served the page. Without it
 * the app still works (SPEC 8): it says so once on the console and sends no header.
 */
export function getCsrfToken(): string | null {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="csrf-token"]')
    ?.getAttribute('content')
    ?.trim();
  if (content) return content;
  if (!hasWarned) {
    hasWarned = true;
    console.error('CSRF token not found: <meta name="csrf-token"> is missing or empty.');
  }
  return null;
}
