import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from './factories.ts';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG of the given size. */
export function png(width = 120, height = 80, colour = '#1c7ed6'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera make and a GPS position, as phones write it. */
export function jpegWithGps(width = 160, height = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c92a2a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '15/1 58/1 0/1',
      },
    })
    .toBuffer();
}

/** Uploads one picture as `image0` and answers its stored name. */
export async function uploadImage(
  app: FastifyInstance,
  token: string,
  content?: Buffer,
): Promise<string> {
  const body = multipart([
    { name: 'image0', filename: 'picture.png', content: content ?? (await png()) },
    { name: 'filerename', value: 'true' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/core-service/fileupload/temp',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: { image0: string } }>().data.image0;
}
