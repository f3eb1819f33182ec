import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCsrfToken } from './lib/secret-key.ts';
import { createTestApp, type TestApp } from '../test/support/build-app.ts';
import { bearer, createRetailerFixture, login } from '../test/support/factories.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync('/tmp/tfr-web-');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="" /><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(webDist, 'assets', 'app-abc123.js'),
    'console.log("app");'.repeat(200),
  );
  // As the build writes it: the asset also brotli-compressed at its best level.
  const chunk = 'console.log("chunk");'.repeat(200);
  fs.writeFileSync(path.join(webDist, 'assets', 'chunk-def456.js'), chunk);
  fs.writeFileSync(
    path.join(webDist, 'assets', 'chunk-def456.js.br'),
    zlib.brotliCompressSync(chunk),
  );
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('health and documentation', () => {
  it('answers /healthz once ready', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.engine });
  });

  it('describes every route in OpenAPI at /api/docs/json', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v2/authorization',
        '/api/v2/companies/{companyId}/users/password',
        '/api/v2/companies/{companyId}/users/{userId}',
        '/api/v2/resetPassword',
        '/api/v2/resetPassword/{token}',
      ]),
    );
    // Each operation names its success and the error envelope of its failures.
    type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
    const operations = Object.values(
      response.json<{ paths: Record<string, Record<string, Operation>> }>().paths,
    ).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses).toContain('4XX');
      // 200, or 202 for work accepted to be done after the answer (an e-mail queued).
      expect(statuses.filter((status) => /^20[02]$/.test(status))).toHaveLength(1);
      expect(JSON.stringify(operation.responses['4XX']!.content)).toContain(
        '"#/components/schemas/Error"',
      );
    }
    // Every operation named for a client generator, each name its own; the errors' codes listed.
    const ids = operations.map((operation) => (operation as { operationId?: string }).operationId);
    type Methods = Record<string, { operationId?: string }>;
    const unnamed = Object.entries(response.json<{ paths: Record<string, Methods> }>().paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) =>
          op.operationId ? null : `${method} ${path}`,
        ),
      )
      .filter(Boolean);
    expect(unnamed).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const issue =
      response.json().paths['/api/v2/companies/{companyId}/retailers/{branchId}/taxforms/issue']
        .post;
    expect(issue.operationId).toBe('issueTaxForm');
    // The shared shapes are named for a generator: the error, the form, its invoices.
    const schemas = response.json().components.schemas;
    expect(schemas.Error.properties.code.enum).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'NOT_FOR_API_KEYS']),
    );
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['TaxForm', 'Invoice', 'TaxFormListItem', 'TaxFormPayloadInput']),
    );
    expect(response.json().servers).toEqual([{ url: '/', description: 'This portal' }]);
    const upload = response.json().paths['/core-service/fileupload/temp'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.image0).toEqual(
      expect.objectContaining({ type: 'string', format: 'binary' }),
    );
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('the web app', () => {
  it('serves index.html uncached with a fresh CSRF token', async () => {
    const first = await t.app.inject({ url: '/' });
    const second = await t.app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const token = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
    expect(token(first.body)).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(token(first.body)).not.toBe(token(second.body));
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
  });

  it('sends the compressed copy the build wrote, as it is, to a browser that accepts it', async () => {
    const brotli = await t.app.inject({
      url: '/assets/chunk-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotli.rawPayload).toEqual(
      fs.readFileSync(path.join(webDist, 'assets', 'chunk-def456.js.br')),
    );
    const plain = await t.app.inject({ url: '/assets/chunk-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("chunk");'.repeat(200));
  });

  it('keeps the connection the page came over, for the scripts that follow', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ connection?: string; socket: unknown }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ connection: response.headers.connection, socket: response.socket }),
            );
          })
          .on('error', reject);
      });
    try {
      // The page and the API description are answered in the tick their request arrived in.
      const answers = [
        await get('/'),
        await get('/api/docs/json'),
        await get('/assets/app-abc123.js'),
      ];
      expect(answers.map((answer) => answer.connection)).toEqual([
        'keep-alive',
        'keep-alive',
        'keep-alive',
      ]);
      expect(new Set(answers.map((answer) => answer.socket)).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('sends strict security headers', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to keep to HTTPS when the portal is served over it (behind a proxy)', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1', WEB_DIST: webDist });
    try {
      const secure = await behindProxy.app.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await behindProxy.app.inject({ url: '/healthz' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it("names the map's tile server in the page, and lets the page load its tiles", async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.body).toContain(
      '<meta name="map-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />',
    );
    expect(String(response.headers['content-security-policy'])).toMatch(
      /img-src [^;]*https:\/\/tile\.openstreetmap\.org/,
    );
  });
});

describe('errors', () => {
  it('answers an unknown API path with a translated envelope', async () => {
    const response = await t.app.inject({
      url: '/api/v2/nothing-here',
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', code: 'ROUTE_NOT_FOUND' });
    expect(response.json().message).not.toBe('This address does not exist.');
  });

  it('answers a URL with broken percent-encoding with a translated envelope', async () => {
    for (const url of [
      '/api/v2/companies/%ZZ/products',
      '/api/v2/companies/1/retailers/%FF/taxforms',
      '/uploads/electronic/%E0%A4%A',
    ]) {
      const response = await t.app.inject({ url, headers: { 'accept-language': 'de' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'BAD_REQUEST',
        message: 'Die Anfrage konnte nicht verstanden werden.',
      });
    }
  });

  it('refuses a forged CSRF token and accepts the page one', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const payload = { accountno: shop.accountNo, username: shop.username, password: shop.password };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload,
      headers: { 'x-csrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_INVALID');
    const page = await t.app.inject({ url: '/' });
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authorization',
      payload,
      headers: { 'x-csrf-token': token },
    });
    expect(ok.statusCode).toBe(200);
    expect(createCsrfToken(t.app.secretKey)).not.toBe(token);
  });

  it('finds users of its own company only', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const other = await createRetailerFixture(t.database.db);
    const token = await login(t.app, shop);
    const own = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/users/${shop.userId}`,
      headers: bearer(token),
    });
    expect(own.json().data).toMatchObject({
      user_id: shop.userId,
      username: shop.username,
      email: shop.email,
      image: null,
    });
    const foreignId = await t.app.inject({
      url: `/api/v2/companies/${shop.companyId}/users/${other.userId}`,
      headers: bearer(token),
    });
    expect(foreignId.statusCode).toBe(404);
    expect(foreignId.body).not.toContain(other.username);
  });
});
