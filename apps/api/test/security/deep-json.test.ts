import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/plugins/json-body.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
});
afterAll(() => t.close());

/** Half a million levels: a megabyte of `[` and `]`, just under a signed-in call's body limit. */
const DEEPEST = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
/** Eight thousand levels: just under the limit of a call open to anyone (16 KB). */
const DEEPEST_PUBLIC = `${'['.repeat(8_000)}${']'.repeat(8_000)}`;
const json = { 'content-type': 'application/json' };
const issueUrl = () =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`;
const signIn = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/authorization',
    headers: { ...json, ...headers },
    payload,
  });
const credentials = () => ({
  accountno: shop.accountNo,
  username: shop.username,
  password: shop.password,
});
/** `value` wrapped in `levels` arrays. */
const nested = (levels: number, value = '1') =>
  `${'['.repeat(levels)}${value}${']'.repeat(levels)}`;

describe('deeply nested JSON bodies', () => {
  it('are refused with 400 BODY_TOO_DEEP before signing in', async () => {
    const response = await signIn(DEEPEST_PUBLIC, { 'accept-language': 'de' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'BODY_TOO_DEEP',
      message: 'Die Anfrage ist zu tief verschachtelt, um gelesen zu werden.',
    });
  });

  it('are refused with 400 BODY_TOO_DEEP on a signed-in route, and unread without a session', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: issueUrl(),
      headers: { ...json, ...bearer(token) },
      payload: DEEPEST,
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().code).toBe('BODY_TOO_DEEP');
    const stranger = await t.app.inject({
      method: 'POST',
      url: issueUrl(),
      headers: json,
      payload: DEEPEST,
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe('UNAUTHENTICATED');
  });

  it('are refused without being parsed: the body never reaches the JSON parser', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const response = await signIn(DEEPEST_PUBLIC);
      expect(response.json().code).toBe('BODY_TOO_DEEP');
      const parsedTexts = parse.mock.calls.map(([text]) => String(text).length);
      expect(Math.max(0, ...parsedTexts)).toBeLessThan(DEEPEST_PUBLIC.length);
    } finally {
      parse.mockRestore();
    }
  });

  it('are refused as objects too, and inside an otherwise valid payload', async () => {
    const objects = `${'{"a":'.repeat(2_500)}1${'}'.repeat(2_500)}`;
    expect((await signIn(objects)).json().code).toBe('BODY_TOO_DEEP');
    const inside = JSON.stringify({ ...credentials(), extra: 'X' }).replace(
      '"X"',
      nested(MAX_JSON_DEPTH),
    );
    expect((await signIn(inside)).json().code).toBe('BODY_TOO_DEEP');
  });

  it('are read up to the limit', async () => {
    // The object itself is one level: the field holds the rest.
    const atLimit = JSON.stringify({ ...credentials(), extra: 'X' }).replace(
      '"X"',
      nested(MAX_JSON_DEPTH - 1),
    );
    const response = await signIn(atLimit);
    expect(response.statusCode).toBe(200);
  });

  it('leave the deepest real payload, a form with invoices and breakdown lines, alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: issueUrl(),
      headers: bearer(token),
      payload: issuePayload(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('success');
  });

  it('do not count brackets, braces or escaped quotes inside strings', async () => {
    // Written as JSON, the quotes and backslashes come escaped: `\"`, `\\`, `\\\"`.
    const note = `"[ ${'['.repeat(10_000)} \\" ${'{'.repeat(1_000)} \\ "[[ \\`;
    const payload = JSON.stringify({ ...credentials(), note });
    expect(payload).toContain('\\\\\\"');
    const response = await signIn(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('success');
  });

  it('count the nesting that follows a string ending in an escaped backslash', async () => {
    // `"a\\"` ends at its last quote: what follows is structure, not text.
    const payload = `{"note":"a\\\\","extra":${nested(MAX_JSON_DEPTH)}}`;
    expect(() => JSON.parse(payload) as unknown).not.toThrow();
    expect((await signIn(payload)).json().code).toBe('BODY_TOO_DEEP');
  });
});

describe('JSON bodies otherwise', () => {
  it('are answered as before when empty, broken or poisoned', async () => {
    const answers = {
      empty: await signIn(''),
      broken: await signIn('{"accountno": '),
      'trailing garbage': await signIn('{"accountno": "1"} x'),
      'unbalanced closing': await signIn(']]]]'),
      'prototype poisoning': await signIn(
        JSON.stringify(credentials()).replace('{', '{"__proto__":{"isAdmin":true},'),
      ),
      'constructor poisoning': await signIn(
        JSON.stringify(credentials()).replace('{', '{"constructor":{"prototype":{"x":1}},'),
      ),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
    }
  });

  it('are read with a charset or in capitals, and other types are still refused', async () => {
    const body = JSON.stringify(credentials());
    expect(
      (await signIn(body, { 'content-type': 'application/json; charset=utf-8' })).statusCode,
    ).toBe(200);
    expect((await signIn(body, { 'content-type': 'Application/JSON' })).statusCode).toBe(200);
    const vendor = await signIn(body, { 'content-type': 'application/vnd.api+json' });
    expect(vendor.statusCode).toBe(415);
    expect(vendor.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('over a megabyte are refused with 413', async () => {
    const response = await signIn(`[${'1,'.repeat(600_000)}1]`);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
