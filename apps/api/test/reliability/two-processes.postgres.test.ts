import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetailerFixture, issuePayload, type Retailer } from '../support/factories.ts';
import { multipart, png } from '../support/images.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';

let store: ServerStore;
let a: ServerProcess;
let b: ServerProcess;
let retailer: Retailer;

beforeAll(async () => {
  store = await createServerStore();
  const setup = await store.open();
  retailer = await createRetailerFixture(setup.database.db);
  await setup.close();
  // A page to serve, so that each process hands out CSRF tokens.
  const webDist = path.join(store.dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head><body></body></html>',
  );
  // Two processes on one database, with the same SECRET_KEY, as behind a load balancer.
  [a, b] = await Promise.all([
    startServerProcess({ store, env: { WEB_DIST: webDist } }),
    startServerProcess({ store, env: { WEB_DIST: webDist } }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await store?.remove();
});

const json = { 'content-type': 'application/json' };

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : json),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('two server processes on one PostgreSQL database', () => {
  it('serve one user as one portal: session, CSRF token, pictures, forms and logout', async () => {
    const token = await signInOver(a.url, retailer);
    const company = `/api/v2/companies/${retailer.companyId}`;
    const shop = `${company}/retailers/${retailer.branchId}`;

    // The session made at A is known at B.
    const profile = await call(b, 'GET', `${company}/users/${retailer.userId}`, { token });
    expect(profile.status).toBe(200);

    // The page from A carries a CSRF token that B accepts; a forged one B refuses.
    const page = await (await fetch(`${a.url}/`)).text();
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1];
    expect(csrf).toBeTruthy();

    // A picture uploaded through A is saved with a promotion through B and served by B.
    const picture = await png(90, 60, '#2b8a3e');
    const upload = multipart([
      { name: 'image0', filename: 'offer.png', content: picture, contentType: 'image/png' },
      { name: 'filerename', value: 'true' },
    ]);
    const uploaded = await fetch(`${a.url}/core-service/fileupload/temp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...upload.headers },
      body: upload.payload,
    });
    expect(uploaded.status).toBe(200);
    const image = ((await uploaded.json()) as { data: { image0: string } }).data.image0;
    const promotion = {
      title: 'Spring sale',
      description: 'Every scarf 20 % off.',
      image,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      notification_schedule: '2026-02-28 10:00:00',
      shopping_behavior: 'fashion',
      targeted_nationality: 'USA',
    };
    const forged = await call(b, 'POST', `${shop}/promotions`, {
      token,
      body: { promotion },
      headers: { 'x-csrf-token': `${csrf!.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(403);
    const saved = await call(b, 'POST', `${shop}/promotions`, {
      token,
      body: { promotion },
      headers: { 'x-csrf-token': csrf! },
    });
    expect(saved.status).toBe(200);
    const { path: picturePath } = saved.body.data as { path: string };
    expect(picturePath).toBe(`/uploads/${retailer.accountNo}/${retailer.companyId}/ushop/${image}`);
    for (const server of [b, a]) {
      const served = await fetch(`${server.url}${picturePath}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }

    // A form issued through A is listed, read, updated and printed through B.
    const issued = await call(a, 'POST', `${shop}/taxforms/issue`, {
      token,
      body: issuePayload({ taxform: { passport: 'TWOPROC1' } }),
      headers: { 'idempotency-key': 'two-processes-issue' },
    });
    expect(issued.status).toBe(200);
    const { id, barcode } = issued.body.data as { id: number; barcode: string };

    const list = await call(b, 'GET', `${shop}/taxforms?perPage=5&page=1&search=`, { token });
    expect(list.status).toBe(200);
    expect(list.body.metadata).toEqual({ total: 1 });
    expect(list.body.data).toEqual([expect.objectContaining({ id, barcode })]);

    const detail = await call(b, 'GET', `${shop}/taxforms/${id}`, { token });
    expect(detail.status).toBe(200);
    const form = (detail.body.data as { taxforms: Record<string, unknown> }).taxforms;
    expect(form).toMatchObject({ barcode, passport: 'TWOPROC1' });
    // The card number A encrypted comes masked; sent back so to B, B decrypts it to keep it.
    expect(form.acc_details).toBe('•••• •••• •••• 1111');
    const update = issuePayload({
      taxform: { passport: 'TWOPROC1', acc_details: form.acc_details, traveler_name: 'Wen' },
    });
    const updated = await call(b, 'POST', `${shop}/taxforms/update/${id}`, {
      token,
      body: update,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const reread = await call(a, 'GET', `${shop}/taxforms/${id}`, { token });
    expect((reread.body.data as { taxforms: Record<string, unknown> }).taxforms).toMatchObject({
      traveler_name: 'Wen',
      acc_details: form.acc_details,
    });

    const printed = await call(b, 'GET', `${shop}/taxforms/download/${id}`, { token });
    expect(printed.status).toBe(200);
    for (const server of [a, b]) {
      const pdf = await fetch(`${server.url}/uploads/electronic/${printed.body.data as string}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }

    // Signed out at A: B refuses the token from then on.
    const logout = await call(a, 'DELETE', '/api/v2/authorization', { token });
    expect(logout.status).toBe(200);
    const after = await call(b, 'GET', `${company}/users/${retailer.userId}`, { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: 'error', code: 'SESSION_EXPIRED' });
  }, 60_000);

  it("end a till's key revoked at one process from the next call at the other", async () => {
    const token = await signInOver(a.url, retailer);
    const company = `/api/v2/companies/${retailer.companyId}`;
    const forms = `${company}/retailers/${retailer.branchId}/taxforms?perPage=5&page=1&search=`;
    const created = await call(a, 'POST', `${company}/apiKeys`, {
      token,
      body: { name: 'Till 2', branch_id: retailer.branchId },
    });
    expect(created.status).toBe(200);
    const { id, key } = created.body.data as { id: number; key: string };

    // Known at B, which keeps it for a few seconds as it keeps every session.
    expect((await call(b, 'GET', forms, { token: key })).status).toBe(200);
    expect((await call(b, 'GET', forms, { token: key })).status).toBe(200);

    const revoked = await call(a, 'DELETE', `${company}/apiKeys/${id}`, { token });
    expect(revoked.status).toBe(200);
    const after = await call(b, 'GET', forms, { token: key });
    expect(after.status).toBe(401);
    expect((await call(a, 'GET', forms, { token: key })).status).toBe(401);
  }, 60_000);
});
