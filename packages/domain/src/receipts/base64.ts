/**
 * Base64 as the Serbian verification links carry it: the standard alphabet or the URL-safe one,
 * padded or not. Written out rather than atob/Buffer so it reads the same in browser and server.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Each character's six bits; '+' and '-' are 62, '/' and '_' 63. */
const VALUES: ReadonlyMap<string, number> = new Map([
  ...[...ALPHABET].map((char, value) => [char, value] as const),
  ['+', 62],
  ['-', 62],
  ['/', 63],
  ['_', 63],
]);

/** The bytes of a base64 text; null when it is not base64 (a stray character, a wrong length). */
export function decodeBase64(text: string): Uint8Array | null {
  const body = text.replace(/={1,2}$/, '');
  if (body.length % 4 === 1 || (body !== text && text.length % 4 !== 0)) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let buffered = 0;
  let index = 0;
  for (const char of body) {
    const value = VALUES.get(char);
    if (value === undefined) return null;
    bits = (bits << 6) | value;
    buffered += 6;
    if (buffered >= 8) {
      buffered -= 8;
      bytes[index++] = (bits >> buffered) & 0xff;
      bits &= (1 << buffered) - 1;
    }
  }
  return bytes;
}
