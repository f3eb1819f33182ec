import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.ts';
import { passwordHashing } from '../../lib/passwords.ts';
import { claimImage } from '../../lib/stored-files.ts';
import type { WorkLimiter } from '../../lib/work-limiter.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import { multipart, png } from '../../../test/support/images.ts';
import { noisePng } from '../../../test/support/upload-bodies.ts';

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;
let otherToken: string;

const RATE = 3;

beforeAll(async () => {
  t = await createTestApp({
    UPLOAD_RATE_PER_MINUTE: String(RATE),
    UPLOAD_TEMP_QUOTA_BYTES: String(1024 * 1024),
    UPLOAD_MAX_IN_PROGRESS: '1',
  });
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  otherToken = await login(t.app, other);
});
afterAll(() => t.close());

async function upload(as: string, content?: Buffer, language = 'en') {
  const body = multipart([
    { name: 'image0', filename: 'a.png', content: content ?? (await png(30, 30)) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/core-service/fileupload/temp',
    headers: { ...bearer(as), ...body.headers, 'accept-language': language },
    payload: body.payload,
  });
}

const storedCount = async (companyId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, companyId))
  )[0]!.n;

/** Takes every running place and every waiting place of `limiter` until `release` is called. */
function fill(limiter: WorkLimiter) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const jobs = Array.from({ length: limiter.options.concurrency + limiter.options.maxQueued }, () =>
    limiter.run(() => held),
  );
  return {
    release: async () => {
      release();
      await Promise.allSettled(jobs);
    },
  };
}

describe('a company sending too many uploads', () => {
  it('is answered 429 with Retry-After and a translated message once its minute is used, while other shops upload on', async () => {
    for (let i = 0; i < RATE; i += 1) expect((await upload(token)).statusCode).toBe(200);
    const before = await storedCount(shop.companyId);
    const refused = await upload(token, undefined, 'hr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'UPLOAD_RATE_EXCEEDED' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json().message).toBe(
      `Previše prijenosa u kratkom vremenu. Molimo pokušajte ponovno za ${wait} s.`,
    );
    // Refused before its body is read: the connection is not kept for the rest of it.
    expect(refused.headers.connection).toBe('close');
    expect(await storedCount(shop.companyId)).toBe(before);
    expect((await upload(otherToken)).statusCode).toBe(200);
  });
});

describe('a company holding too many unclaimed uploads', () => {
  it('is answered 429 until some are saved in a record or expire', async () => {
    const holder = await createRetailerFixture(t.database.db);
    const holderToken = await login(t.app, holder);
    // 400 × 400 pixels of noise: 480 KB each, so the third passes the 1 MiB quota.
    const picture = await noisePng(400);
    const held: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await upload(holderToken, picture);
      expect(answer.statusCode).toBe(200);
      held.push(answer.json().data.image0);
    }
    const refused = await upload(holderToken, picture, 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(refused.json().message).toMatch(/^Ihr Geschäft hat die Grenze von 1 MB/);
    // Until the oldest unclaimed one expires (a day), in whole minutes.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    // A saved gallery item or promotion claims its picture: the room comes back.
    for (const name of held) await claimImage(t.database.db, holder.companyId, name);
    const again = await upload(holderToken, picture);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a server at its ceiling', () => {
  it('lets an upload wait its turn, and answers 503 with Retry-After when the queue is full', async () => {
    const third = await createRetailerFixture(t.database.db);
    const thirdToken = await login(t.app, third);

    // Every place taken: the next upload is refused at once, its body unread.
    const full = fill(t.app.uploads);
    const busy = await upload(thirdToken, undefined, 'fr');
    await full.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({
      code: 'SERVER_BUSY',
      message: 'Le serveur est occupé pour le moment. Veuillez réessayer dans quelques secondes.',
    });
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.headers.connection).toBe('close');
    expect(await storedCount(third.companyId)).toBe(0);

    // One place taken: the upload waits for it, then goes through.
    let release!: () => void;
    const running = t.app.uploads.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = upload(thirdToken);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.app.uploads.waiting).toBe(1);
    release();
    await running;
    expect((await waiting).statusCode).toBe(200);
  });

  it('answers an upload 503 with Retry-After when as many pictures as it decodes at once are queued, keeping none of it', async () => {
    const fourth = await createRetailerFixture(t.database.db);
    const fourthToken = await login(t.app, fourth);

    // The upload is received, then finds every decoding place and every waiting place taken.
    const full = fill(t.app.imageJobs);
    const busy = await upload(fourthToken, undefined, 'de');
    await full.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({
      code: 'SERVER_BUSY',
      message: expect.stringMatching(/^Der Server ist/),
    });
    expect(busy.headers['retry-after']).toBe('5');
    expect(await storedCount(fourth.companyId)).toBe(0);
    expect((await upload(fourthToken)).statusCode).toBe(200);
  });

  it('answers a print 503 SERVER_BUSY when as many PDFs as it renders at once are queued', async () => {
    const third = await createRetailerFixture(t.database.db);
    const thirdToken = await login(t.app, third);
    const base = `/api/v2/companies/${third.companyId}/retailers/${third.branchId}/taxforms`;
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/issue`,
      headers: bearer(thirdToken),
      // No traveller's e-mail: its copy would render (and keep) the PDF the print below must render.
      payload: issuePayload({ taxform: { traveler_email: '' } }),
    });
    const formId = issued.json().data.id as number;

    const full = fill(t.app.pdfRenders);
    const busy = await t.app.inject({
      url: `${base}/download/${formId}`,
      headers: bearer(thirdToken),
    });
    await full.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json().code).toBe('SERVER_BUSY');
    expect(busy.headers['retry-after']).toBe('5');
    const printed = await t.app.inject({
      url: `${base}/download/${formId}`,
      headers: bearer(thirdToken),
    });
    expect(printed.statusCode).toBe(200);
  });

  it('answers a sign-in 503 SERVER_BUSY when the password checks waiting are too many', async () => {
    const full = fill(passwordHashing);
    const busy = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      headers: { 'accept-language': 'es' },
      payload: { accountno: shop.accountNo, username: shop.username, password: shop.password },
    });
    await full.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({
      code: 'SERVER_BUSY',
      message:
        'El servidor está ocupado en este momento. Inténtelo de nuevo dentro de unos segundos.',
    });
    expect(busy.headers['retry-after']).toBe('5');
    expect((await login(t.app, shop)).length).toBeGreaterThan(20);
  });
});
