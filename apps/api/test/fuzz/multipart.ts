import type { FuzzContext } from './fuzz-context.ts';

/** The ways the fuzzer sends an upload: one valid, the others broken. */
export const MULTIPART_VARIANTS = [
  'valid',
  'wrongBoundary',
  'noBoundary',
  'truncated',
  'unclosed',
  'noDisposition',
  'fieldOnly',
  'badFieldName',
  'duplicateField',
  'elevenFiles',
  'notAnImage',
  'svg',
  'emptyFile',
  'longField',
  'manyHeaders',
  'randomBytes',
] as const;
export type MultipartVariant = (typeof MULTIPART_VARIANTS)[number];

/** A multipart body for the upload: valid, or broken in one of the ways of MULTIPART_VARIANTS. */
export function multipartBody(
  ctx: FuzzContext,
  variant: MultipartVariant,
  cut: number,
): { payload: Buffer; contentType: string } {
  const boundary = '----fuzzBoundary7MA4YWxkTrZu0gW';
  const file = (name: string, content: Buffer, filename = 'picture.png', type = 'image/png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]);
  const field = (name: string, value: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const valid = Buffer.concat([file('image0', ctx.png), field('filerename', 'true'), end]);
  switch (variant) {
    case 'valid':
      return { payload: valid, contentType };
    case 'wrongBoundary':
      return { payload: valid, contentType: 'multipart/form-data; boundary=somethingElse' };
    case 'noBoundary':
      return { payload: valid, contentType: 'multipart/form-data' };
    case 'truncated':
      return { payload: valid.subarray(0, cut % valid.length), contentType };
    case 'unclosed':
      return { payload: Buffer.concat([file('image0', ctx.png)]), contentType };
    case 'noDisposition':
      return {
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
          ctx.png,
          Buffer.from('\r\n'),
          end,
        ]),
        contentType,
      };
    case 'fieldOnly':
      return { payload: Buffer.concat([field('image0', 'not a file'), end]), contentType };
    case 'badFieldName':
      return { payload: Buffer.concat([file('../image0', ctx.png), end]), contentType };
    case 'duplicateField':
      return {
        payload: Buffer.concat([file('image0', ctx.png), file('image0', ctx.png), end]),
        contentType,
      };
    case 'elevenFiles':
      return {
        payload: Buffer.concat([
          ...Array.from({ length: 11 }, (_, k) => file(`image${k}`, ctx.png)),
          end,
        ]),
        contentType,
      };
    case 'notAnImage':
      return { payload: Buffer.concat([file('image0', Buffer.from('hello')), end]), contentType };
    case 'svg':
      return {
        payload: Buffer.concat([
          file(
            'image0',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            'x.svg',
            'image/svg+xml',
          ),
          end,
        ]),
        contentType,
      };
    case 'emptyFile':
      return { payload: Buffer.concat([file('image0', Buffer.alloc(0)), end]), contentType };
    case 'longField':
      return {
        payload: Buffer.concat([
          field('filerename', 'x'.repeat(5_000)),
          file('image0', ctx.png),
          end,
        ]),
        contentType,
      };
    case 'manyHeaders':
      return {
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\n${Array.from({ length: 60 }, (_, k) => `X-H${k}: v`).join('\r\n')}\r\nContent-Disposition: form-data; name="image0"; filename="a.png"\r\n\r\n`,
          ),
          ctx.png,
          Buffer.from('\r\n'),
          end,
        ]),
        contentType,
      };
    case 'randomBytes':
      return {
        payload: Buffer.from(Array.from({ length: 200 }, (_, k) => (k * 37 + cut) % 256)),
        contentType,
      };
  }
}
