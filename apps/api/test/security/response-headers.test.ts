import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadUrl } from '../../src/lib/uploads.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';
import { multipart, png, uploadImage } from '../support/images.ts';

let t: TestApp;
let webDist: string;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="" /></head><body></body></html>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
  t = await createTestApp({ WEB_DIST: webDist, UPLOAD_MAX_BYTES: String(64 * 1024) });
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** What an API answer is: data about someone, under these prefixes. */
const API_ANSWER = /^\/(?:api\/v2|core-service|go-service)\//;

/**
 * The headers every answer carries, whatever made it: route, plugin or error handler. The page,
 * its files and stored pictures carry the page's script policy; an API answer, being data, a
 * policy that lets nothing load or run, and none of the headers that only a document needs.
 */
function expectStrictHeaders(response: LightMyRequestResponse, what: string) {
  const url = response.raw.req.url ?? '';
  const csp = String(response.headers['content-security-policy'] ?? '');
  if (API_ANSWER.test(url)) {
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options'], what).toBe('DENY');
    expect(response.headers['cache-control'], what).toBe('no-store');
    expect(response.headers['cross-origin-opener-policy'], what).toBeUndefined();
  } else {
    expect(csp, what).toMatch(/(^|;)\s*script-src 'self'/);
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp, what).toMatch(/frame-ancestors 'none'/);
    expect(csp, what).toMatch(/object-src 'none'/);
    expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  }
  expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by'], what).toBeUndefined();
  expect(response.headers.server, what).toBeUndefined();
}

describe('security headers', () => {
  it('come with the page, API answers and stored pictures', async () => {
    const base = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;
    const image = await uploadImage(t.app, token);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/taxforms/issue`,
      headers: bearer(token),
      payload: issuePayload(),
    });
    const answers: Record<string, LightMyRequestResponse> = {
      page: await t.app.inject({ url: '/' }),
      health: await t.app.inject({ url: '/healthz' }),
      'sign-in': await t.app.inject({
        method: 'POST',
        url: '/api/v2/authorization',
        payload: { accountno: shop.accountNo, username: shop.username, password: shop.password },
      }),
      'a list, compressed': await t.app.inject({
        url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/countries`,
        headers: { ...bearer(token), 'accept-encoding': 'gzip' },
      }),
      'a saved form': issued,
      'the OpenAPI description': await t.app.inject({ url: '/api/docs/json' }),
      'the OpenAPI page': await t.app.inject({ url: '/api/docs/' }),
      'a stored picture': await t.app.inject({
        url: uploadUrl(shop.accountNo, shop.companyId, image),
      }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBe(200);
      expectStrictHeaders(response, what);
    }
    expect(answers['a list, compressed']!.headers['content-encoding']).toBe('gzip');
    const unchanged = await t.app.inject({
      url: uploadUrl(shop.accountNo, shop.companyId, image),
      headers: { 'if-none-match': String(answers['a stored picture']!.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expectStrictHeaders(unchanged, 'an unchanged picture');
  });

  it('come with every kind of error answer', async () => {
    const large = multipart([
      { name: 'image0', filename: 'big.png', content: Buffer.alloc(70 * 1024, 1) },
    ]);
    const other = await createRetailerFixture(t.database.db);
    const errors: Record<string, [LightMyRequestResponse, number]> = {
      'unknown address': [await t.app.inject({ url: '/api/v2/nothing' }), 404],
      'no session': [
        await t.app.inject({ url: `/api/v2/companies/${shop.companyId}/products` }),
        401,
      ],
      'another company': [
        await t.app.inject({
          url: `/api/v2/companies/${other.companyId}/products`,
          headers: bearer(token),
        }),
        403,
      ],
      'invalid body': [
        await t.app.inject({ method: 'POST', url: '/api/v2/authorization', payload: {} }),
        400,
      ],
      'broken JSON': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          headers: { 'content-type': 'application/json' },
          payload: '{"accountno":',
        }),
        400,
      ],
      'unsupported type': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          headers: { 'content-type': 'text/html' },
          payload: '<p>hi</p>',
        }),
        415,
      ],
      'wrong sign-in': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          payload: { accountno: shop.accountNo, username: shop.username, password: 'nope-nope' },
        }),
        401,
      ],
      'forged CSRF token': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          headers: { 'x-csrf-token': 'abc.def' },
          payload: { accountno: shop.accountNo, username: shop.username, password: 'x' },
        }),
        403,
      ],
      'refused upload': [
        await t.app.inject({
          method: 'POST',
          url: '/core-service/fileupload/temp',
          headers: { ...bearer(token), ...large.headers },
          payload: large.payload,
        }),
        413,
      ],
      'refused picture': await (async () => {
        const body = multipart([
          { name: 'image0', filename: 'a.png', content: Buffer.from('not a picture at all') },
        ]);
        return [
          await t.app.inject({
            method: 'POST',
            url: '/core-service/fileupload/temp',
            headers: { ...bearer(token), ...body.headers },
            payload: body.payload,
          }),
          400,
        ] as [LightMyRequestResponse, number];
      })(),
      'unknown picture': [
        await t.app.inject({
          url: uploadUrl(shop.accountNo, shop.companyId, `${'0'.repeat(32)}.png`),
        }),
        404,
      ],
      'unknown printed form': [
        await t.app.inject({ url: `/uploads/electronic/${'0'.repeat(32)}.pdf` }),
        404,
      ],
      'cancel without credentials': [
        await t.app.inject({
          method: 'POST',
          url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/1`,
          payload: { cancel_reason: 'Other' },
        }),
        401,
      ],
    };
    for (const [what, [response, status]] of Object.entries(errors)) {
      expect(response.statusCode, what).toBe(status);
      expect(response.headers['content-type'], what).toMatch(/^application\/json/);
      expectStrictHeaders(response, what);
    }
    // The image the next test case uploads still works after all that.
    expect((await uploadImage(t.app, token, await png(10, 10))).length).toBeGreaterThan(0);
  });

  it('come with a printed form too, except the script policy its viewer needs', async () => {
    const base = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/taxforms/issue`,
      headers: bearer(token),
      payload: issuePayload({ taxform: { passport: 'E55555555' } }),
    });
    const download = await t.app.inject({
      url: `${base}/taxforms/download/${issued.json().data.id}`,
      headers: bearer(token),
    });
    const pdf = await t.app.inject({ url: `/uploads/electronic/${download.json().data}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Decision 006: the browser's own PDF viewer does not run under the page's policy.
    expect(pdf.headers['content-security-policy']).toBeUndefined();
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(pdf.headers['x-powered-by']).toBeUndefined();
    expect(pdf.headers['cache-control']).toMatch(/^private, max-age=(3[0-5]\d\d|3600)$/);
  });
});

describe('Cache-Control', () => {
  it('forbids keeping any answer of the API, the core service or the go service, errors included', async () => {
    const base = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}`;
    const own = await createRetailerFixture(t.database.db);
    const ownToken = await login(t.app, own);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/taxforms/issue`,
      headers: bearer(token),
      payload: issuePayload(),
    });
    const upload = multipart([{ name: 'image0', filename: 'a.png', content: await png(12, 12) }]);
    const answers: Record<string, [LightMyRequestResponse, number]> = {
      'sign-in, with its token': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          payload: { accountno: shop.accountNo, username: shop.username, password: shop.password },
        }),
        200,
      ],
      'a saved form': [issued, 200],
      'the form list': [
        await t.app.inject({ url: `${base}/taxforms?perPage=5&page=1`, headers: bearer(token) }),
        200,
      ],
      'the form list, compressed': [
        await t.app.inject({
          url: `${base}/taxforms?perPage=5&page=1`,
          headers: { ...bearer(token), 'accept-encoding': 'gzip' },
        }),
        200,
      ],
      'a form': [
        await t.app.inject({
          url: `${base}/taxforms/${issued.json().data.id}`,
          headers: bearer(token),
        }),
        200,
      ],
      'a user': [
        await t.app.inject({
          url: `/api/v2/companies/${shop.companyId}/users/${shop.userId}`,
          headers: bearer(token),
        }),
        200,
      ],
      'an upload': [
        await t.app.inject({
          method: 'POST',
          url: '/core-service/fileupload/temp',
          headers: { ...bearer(token), ...upload.headers },
          payload: upload.payload,
        }),
        200,
      ],
      'sign-out': [
        await t.app.inject({
          method: 'DELETE',
          url: '/api/v2/authorization',
          headers: bearer(ownToken),
        }),
        200,
      ],
      'a wrong sign-in': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/authorization',
          payload: { accountno: shop.accountNo, username: shop.username, password: 'nope-nope' },
        }),
        401,
      ],
      'no session': [await t.app.inject({ url: `${base}/taxforms` }), 401],
      'another company': [
        await t.app.inject({
          url: `/api/v2/companies/${own.companyId}/users/${own.userId}`,
          headers: bearer(token),
        }),
        403,
      ],
      'an unknown address': [await t.app.inject({ url: '/api/v2/nothing-here' }), 404],
      'an invalid body': [
        await t.app.inject({ method: 'POST', url: '/api/v2/authorization', payload: {} }),
        400,
      ],
      'a forged CSRF token': [
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/resetPassword',
          headers: { 'x-csrf-token': 'abc.def' },
          payload: { accountno: shop.accountNo, email: shop.email },
        }),
        403,
      ],
      'a refused cancel': [
        await t.app.inject({
          method: 'POST',
          url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/1`,
          payload: { cancel_reason: 'Other' },
        }),
        401,
      ],
      'a refused upload': [
        await t.app.inject({ method: 'POST', url: '/core-service/fileupload/temp' }),
        401,
      ],
    };
    for (const [what, [response, status]] of Object.entries(answers)) {
      expect(response.statusCode, what).toBe(status);
      expect(response.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('leaves stored files, the page, its assets and the API description their own', async () => {
    const image = await uploadImage(t.app, token);
    const caching = async (url: string) => (await t.app.inject({ url })).headers['cache-control'];
    expect(await caching(uploadUrl(shop.accountNo, shop.companyId, image))).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await caching('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(await caching('/')).toBe('no-store');
    expect(await caching('/api/docs/static/swagger-ui.css')).toBe('public, max-age=0');
    expect(await caching('/api/docs/json')).toBeUndefined();
    expect(await caching('/healthz')).toBeUndefined();
  });
});
