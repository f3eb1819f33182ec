import crypto from 'node:crypto';

/** A random bearer or reset token: 256 bits, URL-safe. */
export function createToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database dump cannot be used to sign in. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
