import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that encrypts card numbers and IBANs and signs CSRF tokens: SECRET_KEY when set,
 * otherwise one generated once into the data folder (readable by its owner only).
 */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, 'hex');
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = crypto.randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process wrote it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
}

/** AES-256-GCM, encoded as `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decrypt(key: Buffer, encoded: string): string {
  const [version, iv, tag, body] = encoded.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('Unknown ciphertext format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A CSRF token for the page's meta tag: a random nonce signed with the key. */
export function createCsrfToken(key: Buffer): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const mac = crypto.createHmac('sha256', key).update(`csrf.${nonce}`).digest('base64url');
  return `${nonce}.${mac}`;
}

export function isValidCsrfToken(key: Buffer, token: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = crypto.createHmac('sha256', key).update(`csrf.${nonce}`).digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
