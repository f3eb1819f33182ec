import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.ts';
import { uploadUrl } from '../../lib/uploads.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { jpegWithGps, multipart, png, type Part } from '../../../test/support/images.ts';

let t: TestApp;
let shop: Retailer;
let token: string;

const MAX_BYTES = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES), UPLOAD_MAX_DIMENSION: '256' });
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(async () => {
  await t.close();
});

function upload(parts: Part[], headers: Record<string, string> = bearer(token)) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/core-service/fileupload/temp',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function storedRow(name: string) {
  const [row] = await t.database.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, shop.companyId), eq(storedFiles.name, name)));
  return row;
}

const serve = (name: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: uploadUrl(shop.accountNo, shop.companyId, name), headers });

describe('POST /core-service/fileupload/temp', () => {
  it('stores a real PNG as a temporary file and answers its name as data.image0', async () => {
    const response = await upload([
      { name: 'image0', filename: 'logo.png', content: await png(), contentType: 'image/png' },
      { name: 'filerename', value: 'true' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('File uploaded successfully');
    expect(body.data.image0).toMatch(/^[0-9a-f]{32}\.png$/);
    const row = await storedRow(body.data.image0);
    expect(row).toMatchObject({ kind: 'image', contentType: 'image/png', temporary: 1 });

    const served = await serve(body.data.image0);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const again = await serve(body.data.image0, { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('stores several pictures of one request under image0, image1, …', async () => {
    const response = await upload([
      { name: 'filerename', value: 'true' },
      { name: 'image0', filename: 'a.png', content: await png(40, 40) },
      { name: 'image1', filename: 'b.jpg', content: await jpegWithGps(40, 30) },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.image0).toMatch(/\.png$/);
    expect(data.image1).toMatch(/\.jpg$/);
    expect(data.image0).not.toBe(data.image1);
  });

  it('strips EXIF (GPS position and camera) from a JPEG and keeps it a JPEG', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('PhoneCam')).toBe(true);

    const response = await upload([
      { name: 'image0', filename: 'IMG_0001.JPG', content: original },
    ]);
    expect(response.statusCode).toBe(200);
    const name = response.json().data.image0 as string;
    expect(name).toMatch(/\.jpg$/);
    const stored = (await serve(name)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('PhoneCam')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
  });

  it('scales a large picture down to the configured longest side', async () => {
    const response = await upload([
      { name: 'image0', filename: 'wide.png', content: await png(1200, 300) },
    ]);
    expect(response.statusCode).toBe(200);
    const stored = (await serve(response.json().data.image0)).rawPayload;
    const { width, height } = await sharp(stored).metadata();
    expect({ width, height }).toEqual({ width: 256, height: 64 });
  });

  it('accepts WebP and GIF pictures', async () => {
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const response = await upload([
      { name: 'image0', filename: 'a.webp', content: webp },
      { name: 'image1', filename: 'b.gif', content: gif },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.image0).toMatch(/\.webp$/);
    expect(response.json().data.image1).toMatch(/\.gif$/);
  });

  it.each(['en', 'hr', 'de'])(
    'refuses a text file named .png with the translated upload message (%s)',
    async (language) => {
      const response = await upload(
        [
          {
            name: 'image0',
            filename: 'notes.png',
            content: Buffer.from('just some text, not a picture at all\n'.repeat(4)),
            contentType: 'image/png',
          },
        ],
        { ...bearer(token), 'accept-language': language },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'UPLOAD_FAILED' });
      const expected = {
        en: 'File Upload Failed, Please check the allowed extensions for the files',
        hr: 'Prijenos datoteke nije uspio. Molimo provjerite dopuštene vrste datoteka.',
        de: 'Das Hochladen der Datei ist fehlgeschlagen. Bitte prüfen Sie die zulässigen Dateiendungen.',
      }[language];
      expect(response.json().message).toBe(expected);
    },
  );

  it('refuses an SVG, even one named .png', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    for (const filename of ['drawing.svg', 'drawing.png']) {
      const response = await upload([
        { name: 'image0', filename, content: svg, contentType: 'image/svg+xml' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('UPLOAD_FAILED');
    }
  });

  it('keeps only the picture of a polyglot file: what is appended is not stored', async () => {
    const polyglot = Buffer.concat([
      await png(20, 20),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const response = await upload([{ name: 'image0', filename: 'a.png', content: polyglot }]);
    expect(response.statusCode).toBe(200);
    const stored = (await serve(response.json().data.image0)).rawPayload;
    expect(stored.includes('<script>')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('refuses a file whose header says PNG but whose body is broken', async () => {
    const broken = (await png(50, 50)).subarray(0, 60);
    const response = await upload([{ name: 'image0', filename: 'a.png', content: broken }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UPLOAD_FAILED');
  });

  it('refuses a request without a picture, a file under another field and a non-multipart body', async () => {
    const none = await upload([{ name: 'filerename', value: 'true' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('UPLOAD_FAILED');

    const otherField = await upload([{ name: 'avatar', filename: 'a.png', content: await png() }]);
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().code).toBe('UPLOAD_FAILED');

    const json = await t.app.inject({
      method: 'POST',
      url: '/core-service/fileupload/temp',
      headers: bearer(token),
      payload: { image0: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('UPLOAD_FAILED');
  });

  it('answers 413 with a translated message for a file over the limit, and stays healthy', async () => {
    const before = await t.database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, shop.companyId));
    const large = Buffer.alloc(MAX_BYTES + 1024, 1);
    (await png(10, 10)).copy(large); // a PNG signature in front: only the size decides
    const response = await upload([{ name: 'image0', filename: 'big.png', content: large }], {
      ...bearer(token),
      'accept-language': 'fr',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 'error',
      code: 'FILE_TOO_LARGE',
      message: 'Le fichier est trop volumineux. La taille maximale autorisée est de 0.1 Mo.',
    });

    // A body far larger than any allowed request is refused by its declared size.
    const huge = await upload([
      { name: 'image0', filename: 'huge.png', content: Buffer.alloc(MAX_BYTES * 12) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('FILE_TOO_LARGE');

    const after = await t.database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, shop.companyId));
    expect(after.length).toBe(before.length);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const next = await upload([{ name: 'image0', filename: 'ok.png', content: await png() }]);
    expect(next.statusCode).toBe(200);
  });

  it('answers 413 over a real connection too, and the server keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const large = Buffer.alloc(MAX_BYTES * 3, 7);
    const body = multipart([{ name: 'image0', filename: 'big.png', content: large }]);
    const response = await fetch(`${address}/core-service/fileupload/temp`, {
      method: 'POST',
      headers: { ...bearer(token), ...body.headers },
      body: body.payload,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('FILE_TOO_LARGE');
    const health = await fetch(`${address}/healthz`);
    expect(health.status).toBe(200);
    const small = multipart([{ name: 'image0', filename: 'ok.png', content: await png() }]);
    const ok = await fetch(`${address}/core-service/fileupload/temp`, {
      method: 'POST',
      headers: { ...bearer(token), ...small.headers },
      body: small.payload,
    });
    expect(ok.status).toBe(200);
  });

  it('needs a live session', async () => {
    const content = await png();
    const missing = await upload([{ name: 'image0', filename: 'a.png', content }], {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    const unknown = await upload(
      [{ name: 'image0', filename: 'a.png', content }],
      bearer('x'.repeat(43)),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('SESSION_EXPIRED');
  });

  it("does not serve one company's picture under another company's path", async () => {
    const other = await createRetailerFixture(t.database.db);
    const response = await upload([{ name: 'image0', filename: 'a.png', content: await png() }]);
    const name = response.json().data.image0 as string;
    const wrong = await t.app.inject({
      method: 'GET',
      url: uploadUrl(other.accountNo, other.companyId, name),
    });
    expect(wrong.statusCode).toBe(404);
    const mixed = await t.app.inject({
      method: 'GET',
      url: uploadUrl(other.accountNo, shop.companyId, name),
    });
    expect(mixed.statusCode).toBe(404);
  });
});
