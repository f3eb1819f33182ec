import fc from 'fast-check';
import type { Language } from '@taxfree/domain';
import type { FuzzContext } from './fuzz-context.ts';

/** The credentials a request carries, resolved against the context when it is sent. */
export type Auth =
  | 'none'
  | 'bearer'
  | 'basic'
  | 'otherBearer'
  | 'otherBasic'
  | 'crossBasic'
  | 'revoked'
  | 'lowercaseBearer'
  | 'bearerWithExtra'
  | 'tokenAlone'
  | { raw: string };

/** An Accept-Language header, and the language of the answer it must bring ('any' when garbled). */
export type LanguageSpec = { header?: string; expected: Language | 'any' };

/** Accept-Language values whose language is certain, with that language. */
const KNOWN_LANGUAGES: [string | undefined, Language][] = [
  ['de', 'de'],
  ['hr', 'hr'],
  ['de-DE,de;q=0.9,en;q=0.8', 'de'],
  ['hr-HR', 'hr'],
  ['en;q=0.1, hr', 'hr'],
  ['xx, de;q=0.5', 'de'],
  ['HR', 'hr'],
  ['de-AT', 'de'],
  ['sr-Latn-RS', 'sr'],
  ['sl', 'sl-si'],
  ['fr-CH', 'fr'],
  ['bs', 'bs'],
  ['es-419', 'es'],
  [undefined, 'en'],
];

const headerText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(';', ',', '=', 'q', '-', '*', ' ', '\t', '0', '.', 'é', 'ÿ', '"'),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }),
  ),
  maxLength: 40,
});

const garbageLanguage = fc.oneof(
  fc.constantFrom(
    ';;;',
    ',',
    'q=0.5',
    'de;q=abc',
    'de;q=-1',
    'de;q=0, hr;q=0',
    '*',
    'xx-YY',
    'de;q=1e400',
    '-',
    'é',
    'de'.repeat(5000),
  ),
  headerText,
);

export const languageArb: fc.Arbitrary<LanguageSpec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...KNOWN_LANGUAGES)
      .map(([header, expected]) => ({ header, expected })),
  },
  { weight: 1, arbitrary: garbageLanguage.map((header) => ({ header, expected: 'any' as const })) },
);

export const knownLanguageArb = fc
  .constantFrom(...KNOWN_LANGUAGES)
  .map(([header, expected]) => ({ header, expected }));

export const remoteAddressArb = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

export const authArb: fc.Arbitrary<Auth> = fc.oneof(
  fc.constantFrom<Auth>(
    'none',
    'bearer',
    'basic',
    'otherBearer',
    'otherBasic',
    'crossBasic',
    'revoked',
    'lowercaseBearer',
    'bearerWithExtra',
    'tokenAlone',
  ),
  fc
    .constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(300)}`,
      `Bearer ${'a'.repeat(43)}`,
      'Basic',
      'Basic !!!!',
      `Basic ${Buffer.from(':').toString('base64')}`,
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Basic ${Buffer.from('100100:').toString('base64')}`,
      `Basic ${'A'.repeat(600)}`,
      'Token abc',
      'Bearer a.b.c',
      'Negotiate YII=',
      ',',
    )
    .map((raw) => ({ raw })),
  headerText.map((raw) => ({ raw })),
);

export const contentTypeArb: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  '',
  ';',
  'application/octet-stream',
  '*/*',
  'application/json; boundary=x; charset="utf-8"',
);

export const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.constantFrom<[string, string]>(
        ['idempotency-key', ''],
        ['idempotency-key', ' '],
        ['idempotency-key', 'short'],
        ['idempotency-key', 'k'.repeat(129)],
        ['idempotency-key', 'fuzz-shared-key-1'],
        ['idempotency-key', 'key with spaces'],
        ['idempotency-key', '../../etc/passwd'],
        ['idempotency-key', 'ÿÿÿÿÿÿÿÿ'],
        ['x-csrf-token', 'garbage'],
        ['x-csrf-token', 'a.b'],
        ['x-csrf-token', ''],
        ['x-request-id', 'x'.repeat(10_000)],
        ['x-fuzz', 'x'.repeat(64 * 1024)],
        ['cookie', `a=${'b'.repeat(20_000)}`],
        ['accept', 'application/xml'],
        ['accept', 'text/html'],
        ['accept-encoding', 'gzip, deflate, br'],
        ['accept-encoding', 'identity;q=0, *;q=0'],
        ['if-none-match', '*'],
        ['x-forwarded-for', '1.2.3.4'],
        ['x-http-method-override', 'DELETE'],
        ['transfer-encoding', 'chunked'],
      ),
      fc.tuple(fc.constantFrom('idempotency-key', 'x-csrf-token', 'if-none-match'), headerText),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => Object.fromEntries(pairs));

export function resolveAuth(ctx: FuzzContext, auth: Auth): string | undefined {
  const basic = (account: string, token: string) =>
    `Basic ${Buffer.from(`${account}:${token}`).toString('base64')}`;
  if (typeof auth === 'object') return auth.raw;
  switch (auth) {
    case 'none':
      return undefined;
    case 'bearer':
      return `Bearer ${ctx.main.token}`;
    case 'basic':
      return basic(ctx.main.accountNo, ctx.main.token);
    case 'otherBearer':
      return `Bearer ${ctx.other.token}`;
    case 'otherBasic':
      return basic(ctx.other.accountNo, ctx.other.token);
    case 'crossBasic':
      return basic(ctx.main.accountNo, ctx.other.token);
    case 'revoked':
      return `Bearer ${ctx.revokedToken}`;
    case 'lowercaseBearer':
      return `bearer ${ctx.main.token}`;
    case 'bearerWithExtra':
      return `Bearer ${ctx.main.token} ${ctx.main.token}`;
    case 'tokenAlone':
      return ctx.main.token;
  }
}
