import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import { createRetailerFixture, login, type Retailer } from '../../../test/support/factories.ts';
import { multipart } from '../../../test/support/images.ts';
import { noisePng } from '../../../test/support/upload-bodies.ts';

let t: TestApp;
let origin: string;
let shop: Retailer;
let other: Retailer;
let token: string;
let otherToken: string;

const IDLE_MS = 400;

beforeAll(async () => {
  // Two places: one company may take one of them.
  t = await createTestApp({ UPLOAD_MAX_IN_PROGRESS: '2', UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS) });
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  otherToken = await login(t.app, other);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const storedCount = async (companyId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, companyId))
  )[0]!.n;

async function uploadPicture(as: string, picture: Buffer, language = 'en') {
  const body = multipart([{ name: 'image0', filename: 'a.png', content: picture }]);
  const response = await fetch(`${origin}/core-service/fileupload/temp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}`, 'accept-language': language, ...body.headers },
    body: new Uint8Array(body.payload),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * Sends an upload's headers and the first half of its body, then nothing more: a client whose
 * network stalled. Answers when the server closes the connection.
 */
function stalledUpload(as: string, picture: Buffer): { closed: Promise<string> } {
  const body = multipart([{ name: 'image0', filename: 'a.png', content: picture }]);
  const { port } = new URL(origin);
  const socket = net.connect(Number(port), '127.0.0.1');
  const head = [
    'POST /core-service/fileupload/temp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${as}`,
    `Content-Type: ${body.headers['content-type']}`,
    `Content-Length: ${body.payload.length}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(body.payload.subarray(0, body.payload.length / 2));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  return { closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

describe('an upload whose body stalls', () => {
  it("is dropped once no byte has come for a while, and meanwhile holds only its company's share of the places", async () => {
    const picture = await noisePng(300);
    const stalled = stalledUpload(token, picture);
    await expect.poll(() => t.app.uploads.running).toBe(1);

    // The same shop's next upload is refused at once, its body unread.
    const again = await uploadPicture(token, picture, 'hr');
    expect(again.status).toBe(429);
    expect(JSON.parse(again.body)).toMatchObject({
      status: 'error',
      code: 'UPLOAD_IN_PROGRESS',
      message: 'Drugi prijenosi vaše trgovine još su u tijeku. Molimo pokušajte ponovno za 5 s.',
    });
    expect(again.headers.get('retry-after')).toBe('5');

    // Another shop uploads through the place left.
    expect((await uploadPicture(otherToken, picture)).status).toBe(200);

    // The stalled body gives its place back: its connection is closed, nothing of it is kept.
    await stalled.closed;
    await expect.poll(() => t.app.uploads.running).toBe(0);
    expect(await storedCount(shop.companyId)).toBe(0);
    const later = await uploadPicture(token, picture);
    expect(later.status, later.body).toBe(200);
    expect(await storedCount(shop.companyId)).toBe(1);
  });
});
