import fc from 'fast-check';

/**
 * Text that has broken servers before: NUL, lone surrogates, right-to-left overrides, combining
 * marks, emoji sequences, byte-order marks, line separators, look-alike digits, template and SQL
 * syntax, and dates and times just outside their calendars.
 */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\uD83D',
  '😀',
  '👨‍👩‍👧‍👦',
  '🇭🇷',
  'مرحبا بالعالم',
  'שלום',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  'Z\u0334\u0321\u0322\u031b\u0353a\u0337l\u0336g\u0338o\u0335',
  '\uFEFF',
  '\u2028\u2029',
  '\u0085',
  '\u00A0',
  '\u200B',
  '\r\n',
  '\t',
  '\u001f',
  '\u007f',
  '%00',
  '%',
  '%ZZ',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '{{minutes}}',
  '__proto__',
  'constructor',
  '\\',
  '"',
  '1e309',
  'NaN',
  '-0',
  '０１２',
  'İstanbul',
  'ß',
  'ǅ',
  'null',
  'true',
  '[]',
  '{}',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31',
  '1900-01-01',
  '0001-01-01',
  '24:00:00',
  '23:59:60',
  'logo_dummy.jpg',
  'promotion_dummy.jpg',
  '../../etc/passwd',
  'Other',
  'option2',
  '4111 1111 1111 1111',
  'HR1210010051863000160',
];

const LONE_SURROGATE_UNITS = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  'a',
  '\u0000',
  '\u0301',
  '😀',
];

/** What PostgreSQL refuses (NUL) or silently alters (lone surrogates) in text, among letters. */
export const unstorableString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', 'Ana', 'E1234', '2026-01-10', 'a@b.example'),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF\u0000', '%00'),
    fc.constantFrom('', 'b', ' Kovač'),
  )
  .map(([a, b, c]) => a + b + c);

/** Short hostile text. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: unstorableString },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...NASTY_STRINGS), { maxLength: 5 }).map((a) => a.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(...LONE_SURROGATE_UNITS), maxLength: 12 }),
  },
);

/** Text from a few hundred to hundreds of thousands of characters. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', '\u0000', 'a\u0301', ' '),
    fc.constantFrom(65, 101, 129, 256, 501, 5001, 70_000, 300_000),
  )
  .map(([unit, n]) => unit.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 1, arbitrary: longString },
);

/** Numbers at the edges of JSON, JavaScript, PostgreSQL integers and numeric(14,2). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.1,
    0.005,
    1.005,
    -1e-7,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
    999_999_999_999.99,
    1e12,
    1e15,
    42,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Field names of every payload, so random objects reach past the outer schema. */
export const FIELD_NAMES = [
  'taxform',
  'invoice',
  'products',
  'breakdown',
  'promotion',
  'gallery',
  'branch',
  'title',
  'description',
  'image',
  'name',
  'email',
  'mobile',
  'thumb',
  'accountno',
  'username',
  'password',
  'oldPassword',
  'confirmPassword',
  'token',
  'cancel_reason',
  'cancel_comments',
  'grossAmt',
  'vatAmt',
  'rate',
  'passport',
  'traveler_name',
  'method_of_refund',
  'start_date',
  'end_date',
  'notification_schedule',
  'branch_name',
  'location',
  '__proto__',
  'constructor',
  'prototype',
];

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value, its keys partly the payloads' own, its text hostile. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), tie('value'), {
    maxKeys: 5,
  }),
})).value;

/**
 * A marker that stands for deep nesting: the JSON text is built around it, since a value
 * nested a hundred thousand levels deep cannot be stringified by the test itself.
 */
export const DEEP_MARKER = '\u0001deep:';

export function deepText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON text of a value, with every deep-nesting marker string replaced by the nesting itself. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001deep:(array|object):(\d+)"/g, (_m, kind: string, depth: string) =>
    deepText(Number(depth), kind as 'array' | 'object'),
  );
}

export const deepMarker = fc
  .tuple(fc.constantFrom('array', 'object'), fc.constantFrom(64, 1_000, 10_000, 100_000))
  .map(([kind, depth]) => `${DEEP_MARKER}${kind}:${depth}`);

/** Percent-encodes text as UTF-8 bytes; a lone surrogate becomes U+FFFD like a browser's. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Numbers as a URL carries them, at the edges of JavaScript and PostgreSQL integers. */
const NUMERIC_URL_PIECES = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e400',
  '0x10',
  '0b1',
  '99999999999999999999',
  '2147483648',
  '2147483647',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  'NaN',
  'Infinity',
  '%201',
  '1%20',
  '+1',
  '01',
];

/** Pieces of URL that are hostile as they stand: broken or smuggling percent-encodings. */
const ENCODED_URL_PIECES = [
  '%00',
  '1%00',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%ZZ',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%20',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'abc',
  'x'.repeat(5000),
];

export const rawUrlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMERIC_URL_PIECES) },
  { weight: 2, arbitrary: fc.constantFrom(...ENCODED_URL_PIECES) },
  { weight: 1, arbitrary: unstorableString.map(percentEncode) },
  { weight: 1, arbitrary: nastyString.map(percentEncode) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
