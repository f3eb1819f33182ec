import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../src/db/schema/index.ts';
import { uploadUrl } from '../../src/lib/uploads.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { bearer, createRetailerFixture, login, type Retailer } from '../support/factories.ts';
import { jpegWithGps, multipart, png } from '../support/images.ts';

const MAX_BYTES = 256 * 1024;
const LANGUAGES = ['en', 'hr', 'fr', 'sl-si', 'de', 'sr', 'bs', 'es'] as const;

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES), UPLOAD_MAX_DIMENSION: '512' });
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(() => t.close());

function catalogue(language: string): Record<string, string> {
  const file = new URL(
    `../../../../packages/domain/src/i18n/locales/${language}/server.json`,
    import.meta.url,
  );
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { errors: Record<string, string> }).errors;
}

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function storedCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(storedFiles)
    .where(eq(storedFiles.companyId, shop.companyId));
  return row!.n;
}

/** A raw multipart body: the file name goes into the header byte for byte. */
function rawUpload(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----hostileboundary7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image0"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      'utf8',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (body: { payload: Buffer; headers: Record<string, string> }, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/core-service/fileupload/temp',
    headers: { ...bearer(token), ...body.headers, 'accept-language': language },
    payload: body.payload,
  });

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few kilobytes that declares 50,000 × 50,000 pixels of zeros (2.5 gigapixels). */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // The first rows of zeros; the rest of the stream would inflate to gigabytes.
  const rows = zlib.deflateSync(Buffer.alloc(2_000_000), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG carrying a script in a text chunk, as a polyglot-minded tool writes it. */
async function pngWithScriptChunk(): Promise<Buffer> {
  const picture = await png(24, 24);
  const iend = picture.length - 12;
  return Buffer.concat([
    picture.subarray(0, iend),
    pngChunk('tEXt', Buffer.from('Comment\0<script>alert(document.cookie)</script>', 'latin1')),
    picture.subarray(iend),
  ]);
}

describe('hostile file names', () => {
  it.each([
    ['a path up to /etc', '../../etc/passwd.png', 'png'],
    ['a Windows path up', '..\\..\\x.jpg', 'jpg'],
    ['a NUL in the name', 'picture.png\u0000.sh', 'png'],
    ['a 5,000-character name', `${'a'.repeat(4996)}.jpg`, 'jpg'],
    ['an absolute path', '/tmp/evil.png', 'png'],
  ])('stores %s under a name of its own, and writes no file', async (_kind, filename, format) => {
    const content = format === 'png' ? await png(30, 30) : await jpegWithGps(30, 30);
    const filesBefore = filesUnder(t.dataDir);
    const rowsBefore = await storedCount();
    const response = await upload(rawUpload(filename, content, `image/${format}`));
    expect(response.statusCode, response.body).toBe(200);
    const name = response.json().data.image0 as string;
    expect(name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${format === 'png' ? 'png' : 'jpg'}$`));
    expect(await storedCount()).toBe(rowsBefore + 1);
    // The one file written is the store's own, under the server's name (on disk when embedded).
    const stored =
      t.database.files.kind === 'disk'
        ? [path.join(t.dataDir, 'files', name.slice(0, 2), name)]
        : [];
    expect(filesUnder(t.dataDir)).toEqual([...filesBefore, ...stored].sort());
    for (const escaped of [
      path.resolve(t.dataDir, '..', '..', 'etc', 'passwd.png'),
      path.resolve(t.dataDir, '..', 'x.jpg'),
      path.resolve(t.dataDir, '..', '..', 'x.jpg'),
      '/tmp/evil.png',
    ]) {
      expect(fs.existsSync(escaped), escaped).toBe(false);
    }
    const served = await t.app.inject({ url: uploadUrl(shop.accountNo, shop.companyId, name) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBeUndefined();
  });
});

describe('hostile contents', () => {
  const cases: [string, () => Promise<Buffer>, string, string?][] = [
    [
      'an HTML page with a PNG appended',
      async () =>
        Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>\n'), await png(20, 20)]),
      'page.png',
    ],
    [
      'a GIF header in front of a script',
      async () => Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain);//'),
      'image.gif',
    ],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
      'drawing.svg',
      'image/svg+xml',
    ],
    [
      'a text file named .jpg',
      async () => Buffer.from('These are the minutes of the meeting.\n'.repeat(20)),
      'minutes.jpg',
      'image/jpeg',
    ],
    [
      'a truncated JPEG',
      async () => {
        const whole = await sharp({
          create: { width: 400, height: 300, channels: 3, background: '#2b8a3e' },
        })
          .composite([
            {
              input: await sharp({
                create: { width: 100, height: 100, channels: 3, background: '#e8590c' },
              })
                .png()
                .toBuffer(),
              left: 150,
              top: 100,
            },
          ])
          .jpeg({ quality: 95 })
          .toBuffer();
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      'half.jpg',
    ],
    [
      'a truncated PNG',
      async () => {
        const whole = await png(300, 300, '#5f3dc4');
        return whole.subarray(0, Math.floor(whole.length * 0.6));
      },
      'half.png',
    ],
    ['a decompression bomb', async () => decompressionBomb(), 'bomb.png', 'image/png'],
  ];

  it.each(
    cases.map(
      ([kind, make, filename, contentType], k) =>
        [
          kind,
          make,
          filename,
          contentType ?? 'image/png',
          LANGUAGES[k % LANGUAGES.length]!,
        ] as const,
    ),
  )(
    'refuses %s with the translated upload message and leaves nothing behind',
    async (_kind, make, filename, contentType, language) => {
      const content = await make();
      const filesBefore = filesUnder(t.dataDir);
      const rowsBefore = await storedCount();
      const started = performance.now();
      const response = await upload(
        multipart([{ name: 'image0', filename, content, contentType }]),
        language,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'UPLOAD_FAILED',
        message: catalogue(language).UPLOAD_FAILED,
      });
      // Refused from the header, not after inflating gigabytes.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await storedCount()).toBe(rowsBefore);
      expect(filesUnder(t.dataDir)).toEqual(filesBefore);
    },
  );

  it('refuses an oversized file with the translated size message and leaves nothing behind', async () => {
    const large = Buffer.alloc(MAX_BYTES + 4096, 0x41);
    (await png(16, 16)).copy(large);
    const filesBefore = filesUnder(t.dataDir);
    const rowsBefore = await storedCount();
    const response = await upload(
      multipart([{ name: 'image0', filename: 'big.png', content: large }]),
      'bs',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 'error', code: 'FILE_TOO_LARGE' });
    expect(response.json().message).toBe(
      catalogue('bs').FILE_TOO_LARGE!.replace('{{maxMb}}', '0.3'),
    );
    expect(await storedCount()).toBe(rowsBefore);
    expect(filesUnder(t.dataDir)).toEqual(filesBefore);
  });

  it('stores a picture whose text chunk carries a script without that chunk', async () => {
    const content = await pngWithScriptChunk();
    expect(content.includes('<script>')).toBe(true);
    expect((await sharp(content).metadata()).format).toBe('png');
    const response = await upload(multipart([{ name: 'image0', filename: 'a.png', content }]));
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({
      url: uploadUrl(shop.accountNo, shop.companyId, response.json().data.image0),
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(served.rawPayload.includes('Comment')).toBe(false);
  });

  it('refuses a whole request when one of its pictures is hostile, keeping none of them', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(10_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 50_000,
      height: 50_000,
    });
    const rowsBefore = await storedCount();
    const response = await upload(
      multipart([
        { name: 'image0', filename: 'good.png', content: await png(20, 20) },
        { name: 'image1', filename: 'bomb.png', content: bomb },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(await storedCount()).toBe(rowsBefore);
  });
});
