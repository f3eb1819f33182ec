import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, taxForms } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../support/build-app.ts';
import { changedTables, settledSnapshot } from '../support/db-snapshot.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';
import { multipart, png } from '../support/images.ts';
import { signInCalls } from '../support/sign-in-calls.ts';

let t: TestApp;
let shop: Retailer;
let formId: number;

const base = (s: Pick<Retailer, 'companyId' | 'branchId'>) =>
  `/api/v2/companies/${s.companyId}/retailers/${s.branchId}`;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  const token = await login(t.app, shop);
  const issued = await t.app.inject({
    method: 'POST',
    url: `${base(shop)}/taxforms/issue`,
    headers: bearer(token),
    payload: issuePayload(),
  });
  formId = issued.json().data.id;
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
};

/** One protected route of every module, each with a body its schema accepts. */
async function representativeCalls(): Promise<Record<string, Call>> {
  const upload = multipart([{ name: 'image0', filename: 'a.png', content: await png(20, 20) }]);
  return {
    auth: { method: 'DELETE', url: '/api/v2/authorization' },
    password: {
      method: 'POST',
      url: `/api/v2/companies/${shop.companyId}/users/password`,
      payload: {
        oldPassword: shop.password,
        password: 'new-secret-1',
        confirmPassword: 'new-secret-1',
      },
    },
    users: { method: 'GET', url: `/api/v2/companies/${shop.companyId}/users/${shop.userId}` },
    reference: { method: 'GET', url: `/api/v2/companies/${shop.companyId}/tfs/products` },
    taxforms: { method: 'GET', url: `${base(shop)}/taxforms?perPage=5&page=1` },
    documents: { method: 'GET', url: `${base(shop)}/taxforms/${formId}` },
    write: {
      method: 'POST',
      url: `${base(shop)}/taxforms/computeRefund`,
      payload: { grossAmt: 125, vatAmt: 25 },
    },
    reports: { method: 'GET', url: `${base(shop)}/taxforms/stats?days=7` },
    retailers: { method: 'GET', url: base(shop) },
    promotions: { method: 'GET', url: `${base(shop)}/promotions` },
    gallery: { method: 'GET', url: `${base(shop)}/gallery` },
    'core-service': {
      method: 'POST',
      url: '/core-service/fileupload/temp',
      payload: upload.payload,
      headers: upload.headers,
    },
  };
}

const send = (call: Call, authorization?: string) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    payload: call.payload,
    headers: { ...call.headers, ...(authorization ? { authorization } : {}) },
  });

describe('bearer tokens on every module', () => {
  it('refuse a missing, malformed, expired, revoked or forged token with 401 and change nothing', async () => {
    const calls = await representativeCalls();
    const expired = await login(t.app, shop);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    const revoked = await login(t.app, shop);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/authorization',
      headers: bearer(revoked),
    });
    expect(logout.statusCode).toBe(200);
    const live = await login(t.app, shop);
    // A database dump holds the token's hash: the hash itself is no token.
    const storedHash = hashToken(live);

    const tokens: Record<string, [string | undefined, string]> = {
      missing: [undefined, 'UNAUTHENTICATED'],
      'empty bearer': ['Bearer ', 'UNAUTHENTICATED'],
      'other scheme': [`Token ${live}`, 'UNAUTHENTICATED'],
      'bad characters': [`Bearer ${live.slice(0, 40)}$%!`, 'UNAUTHENTICATED'],
      'too long': [`Bearer ${'a'.repeat(300)}`, 'UNAUTHENTICATED'],
      expired: [`Bearer ${expired}`, 'SESSION_EXPIRED'],
      revoked: [`Bearer ${revoked}`, 'SESSION_EXPIRED'],
      'forged random': [`Bearer ${'Q'.repeat(43)}`, 'SESSION_EXPIRED'],
      'stored hash': [`Bearer ${storedHash}`, 'SESSION_EXPIRED'],
      'one character changed': [
        `Bearer ${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`,
        'SESSION_EXPIRED',
      ],
    };
    const before = await settledSnapshot(t);
    const failures: string[] = [];
    for (const [module, call] of Object.entries(calls)) {
      for (const [kind, [authorization, code]] of Object.entries(tokens)) {
        const response = await send(call, authorization);
        const body = response.json<{ status: string; code: string; message: string }>();
        // Signing out a session that is already gone is simply "not signed in".
        const expected = module === 'auth' ? ['UNAUTHENTICATED'] : [code];
        if (
          response.statusCode !== 401 ||
          body.status !== 'error' ||
          !expected.includes(body.code)
        ) {
          failures.push(`${module} with ${kind}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);

    // The same calls with the live token pass the gate (the routes above are really protected).
    for (const [module, call] of Object.entries(calls)) {
      if (module === 'auth' || module === 'password') continue;
      const response = await send(call, `Bearer ${live}`);
      expect(response.statusCode, module).toBe(200);
    }
  });
});

describe('the authentication scheme', () => {
  it('is taken in any letter case, as HTTP defines it', async () => {
    const live = await login(t.app, shop);
    const url = `/api/v2/companies/${shop.companyId}/users/${shop.userId}`;
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({ url, headers: { authorization: `${scheme} ${live}` } });
      expect(response.statusCode, scheme).toBe(200);
    }
    for (const scheme of ['basic', 'BASIC']) {
      const issued = await t.app.inject({
        method: 'POST',
        url: `${base(shop)}/taxforms/issue`,
        headers: bearer(live),
        payload: issuePayload(),
      });
      const credentials = Buffer.from(`${shop.accountNo}:${live}`).toString('base64');
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${issued.json().data.id}`,
        headers: { authorization: `${scheme} ${credentials}` },
        payload: { cancel_reason: 'Other' },
      });
      expect(cancel.statusCode, scheme).toBe(200);
      expect(cancel.json().message).toBe('OK');
    }
  });
});

describe("the go service's Basic header", () => {
  const cancelUrl = (id: number) =>
    `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${id}`;
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  it('refuses another account number with a live token, a revoked token and garbage, and cancels nothing', async () => {
    const other = await createRetailerFixture(t.database.db);
    const otherToken = await login(t.app, other);
    const live = await login(t.app, shop);
    const revoked = await login(t.app, shop);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/authorization',
      headers: bearer(revoked),
    });
    const headers: Record<string, string> = {
      "another account's number with my live token": basic(`${other.accountNo}:${live}`),
      'my account number with its live token of another account': basic(
        `${shop.accountNo}:${otherToken}`,
      ),
      'my account number with a revoked token': basic(`${shop.accountNo}:${revoked}`),
      'no colon': basic(`${shop.accountNo}${live}`),
      'empty account number': basic(`:${live}`),
      'not base64': 'Basic !!!not*base64!!!',
      'binary garbage': `Basic ${Buffer.from([0xff, 0xfe, 0x00, 0x3a, 0x80, 0x81]).toString('base64')}`,
      'a bearer token': `Bearer ${live}`,
      'basic without credentials': 'Basic ',
    };
    const before = await settledSnapshot(t);
    for (const [kind, authorization] of Object.entries(headers)) {
      const response = await t.app.inject({
        method: 'POST',
        url: cancelUrl(formId),
        headers: { authorization },
        payload: { cancel_reason: 'Other' },
      });
      expect(response.statusCode, kind).toBe(401);
      expect(response.json(), kind).toMatchObject({ status: 'error' });
      expect(response.json().errors?.[0]?.message, kind).toBe(response.json().message);
    }
    expect(changedTables(before, await settledSnapshot(t))).toEqual([]);
    const [form] = await t.database.db
      .select({ cancelled: taxForms.cancelled })
      .from(taxForms)
      .where(eq(taxForms.id, formId));
    expect(form!.cancelled).toBe(false);
  });
});

describe('password reset tokens', () => {
  async function requestReset(who: Retailer): Promise<string> {
    const outbox = path.join(t.dataDir, 'outbox');
    const seen = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      payload: { accountno: who.accountNo, email: who.email },
    });
    expect(response.statusCode).toBe(200);
    for (let waited = 0; waited < 5000; waited += 20) {
      const fresh = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((name) => !seen.has(name))
        : [];
      if (fresh.length) {
        // The file may still be being written: parse it once it holds a whole link.
        const mail = await PostalMime.parse(fs.readFileSync(path.join(outbox, fresh[0]!)));
        const token = /resetPassword\?token=([A-Za-z0-9_-]{43})(?![\w-])/.exec(
          mail.text ?? '',
        )?.[1];
        if (token) return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no reset e-mail in the outbox');
  }

  const reset = (token: string, who: Retailer, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/resetPassword/${token}`,
      payload: { accountno: who.accountNo, token, password, confirmPassword: password },
    });

  it('are stored as their SHA-256 only, and expire after RESET_TOKEN_TTL', async () => {
    const who = await createRetailerFixture(t.database.db);
    const token = await requestReset(who);
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, who.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(lifetime - t.config.RESET_TOKEN_TTL * 1000)).toBeLessThan(5000);
    // The hash from a database dump is no reset link.
    const byHash = await t.app.inject({ url: `/api/v2/resetPassword/${rows[0]!.tokenHash}` });
    expect(byHash.statusCode).toBe(400);

    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.id, rows[0]!.id));
    const check = await t.app.inject({ url: `/api/v2/resetPassword/${token}` });
    expect(check.statusCode).toBe(400);
    expect(check.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(token, who, 'expired-pass-1')).statusCode).toBe(400);
    expect(await login(t.app, who)).toBeTruthy();
  });

  it('work once even when the same link is sent twice at the same moment', async () => {
    const who = await createRetailerFixture(t.database.db);
    const token = await requestReset(who);
    const answers = await Promise.all([
      reset(token, who, 'first-new-pass'),
      reset(token, who, 'second-new-pass'),
      reset(token, who, 'third-new-pass'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    const winner = ['first-new-pass', 'second-new-pass', 'third-new-pass'][
      answers.findIndex((a) => a.statusCode === 200)
    ]!;
    expect(await login(t.app, { ...who, password: winner })).toBeTruthy();
    const [row] = await t.database.db
      .select({ usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, who.userId));
    expect(row!.usedAt).not.toBeNull();
  });
});

describe('no account enumeration', () => {
  const { signIn, forgot, clearThrottle } = signInCalls(() => t);
  /** What an observer compares: status, body and which headers came back. */
  const visible = (response: Awaited<ReturnType<typeof signIn>>) => ({
    status: response.statusCode,
    body: response.body,
    headers: Object.keys(response.headers)
      .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
      .sort(),
  });

  it('answers a known and an unknown account the same at sign-in and when asking for a reset', async () => {
    await clearThrottle();
    const known = await signIn(shop.accountNo, shop.username, 'wrong-password');
    const unknownUser = await signIn(shop.accountNo, 'nobody-here', 'wrong-password');
    const unknownAccount = await signIn('987654321', shop.username, 'wrong-password');
    expect(visible(unknownUser)).toEqual(visible(known));
    expect(visible(unknownAccount)).toEqual(visible(known));

    const knownReset = await forgot(shop.accountNo, shop.email);
    const unknownEmail = await forgot(shop.accountNo, 'nobody@shop.example');
    const unknownResetAccount = await forgot('987654321', shop.email);
    expect(visible(unknownEmail)).toEqual(visible(knownReset));
    expect(visible(unknownResetAccount)).toEqual(visible(knownReset));

    // Throttling counts attempts, not accounts: an unknown account is throttled alike.
    await clearThrottle();
    for (let i = 0; i < 5; i += 1) await signIn('987654321', 'nobody-here', `guess-${i}`);
    const blocked = await signIn('987654321', 'nobody-here', 'guess');
    expect(blocked.statusCode).toBe(429);
    await clearThrottle();
  });
});
