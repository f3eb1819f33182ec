import { Webhook } from 'standardwebhooks';
import { dayIn, WEBHOOK_MAX_ATTEMPTS, type WebhookEventBody } from '@taxfree/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../test/support/factories.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/support/webhook-receiver.ts';

/**
 * A company's webhooks: a manager subscribes a URL, the form's changes reach it signed as
 * Standard Webhooks say (checked by that library's own verifier), a failed try comes again with
 * the same webhook-id (after a 500, after a time-out), the last try marks the webhook failing and
 * tells the managers, and the secret rotates without a message lost.
 */

/**
 * How long a delivery waits for the receiver: short, since one try waits it out on purpose, yet
 * long enough that a receiver answering at once is never taken for a silent one on a busy machine.
 */
const DELIVERY_TIMEOUT_MS = 1_500;

let t: TestApp;
let shop: Retailer;
let manager: string;
let receiver: WebhookReceiver;
const mails: Mail[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS) },
    { wrapMailer: () => ({ send: async (mail) => void mails.push(mail) }) },
  );
  shop = await createRetailerFixture(t.database.db);
  manager = await login(t.app, shop);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const hooks = (path = '') => `/api/v2/companies/${shop.companyId}/webhooks${path}`;
const forms = (path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(manager), ...(payload && { payload }) });

async function subscribe(events: string[], url = receiver.url) {
  const response = await send('POST', hooks(), { url, events });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; secret: string } }>().data;
}

async function issueForm() {
  const response = await t.app.inject({
    method: 'POST',
    url: forms('/issue'),
    headers: { ...bearer(manager), 'idempotency-key': crypto.randomUUID() },
    payload: issuePayload({ today: dayIn(shop.timeZone) }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

/** Runs the worker (at `now`) until the receiver holds `count` requests. */
async function receivedSoon(count: number, now?: Date) {
  for (let i = 0; i < 100 && receiver.received.length < count; i += 1) {
    await t.app.webhooks.runDue(now ? { now } : {});
    if (receiver.received.length < count) await new Promise((r) => setTimeout(r, 20));
  }
  expect(receiver.received).toHaveLength(count);
  return receiver.received[count - 1]!;
}

const deliveries = async (id: number) =>
  (await send('GET', hooks(`/${id}/deliveries`))).json<{
    data: {
      id: number;
      message_id: string;
      status: string;
      attempts: number;
      response_status: number | null;
      event: string;
    }[];
  }>().data;

const later = (ms: number) => new Date(Date.now() + ms);

describe('a webhook', () => {
  it("tells of an issued form, signed so that Standard Webhooks' verifier accepts it", async () => {
    receiver.received.length = 0;
    const { id, secret } = await subscribe(['taxform.issued', 'taxform.cancelled']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = (await send('GET', hooks())).json().data;
    expect(listed.find((hook: { id: number }) => hook.id === id)).toMatchObject({
      url: receiver.url,
      events: ['taxform.issued', 'taxform.cancelled'],
      status: 'active',
    });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));

    const form = await issueForm();
    const got = await receivedSoon(1);
    const payload = new Webhook(secret).verify(got.body, got.headers) as WebhookEventBody;
    expect(payload).toMatchObject({
      type: 'taxform.issued',
      data: { id: form.id, barcode: form.barcode, status: 'FORM_SUBMITTED', cancelled: false },
    });
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(got.body, got.headers),
    ).toThrow();

    const log = await deliveries(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      event: 'taxform.issued',
    });
    await send('DELETE', hooks(`/${id}`));
  });

  it('comes again with the same webhook-id after a 500 and after a time-out', async () => {
    receiver.received.length = 0;
    const { id, secret } = await subscribe(['taxform.issued']);
    receiver.answerNext(500, 'hang');
    await issueForm();
    const first = await receivedSoon(1);
    let log = await deliveries(id);
    expect(log[0]).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });

    const second = await receivedSoon(2, later(6_000));
    log = await deliveries(id);
    expect(log[0]).toMatchObject({ status: 'pending', attempts: 2, response_status: null });
    expect((log[0] as { error?: string }).error).toMatch(
      new RegExp(`no answer within ${DELIVERY_TIMEOUT_MS} ms`),
    );

    const third = await receivedSoon(3, later(2 * 60_000));
    for (const got of [first, second, third]) {
      expect(got.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(got.body).toBe(first.body);
      expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
    }
    log = await deliveries(id);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    await send('DELETE', hooks(`/${id}`));
  });

  it('is marked failing after its last try, and its managers are told; a redelivery mends it', async () => {
    receiver.received.length = 0;
    mails.length = 0;
    const { id } = await subscribe(['taxform.issued']);
    receiver.answerNext(...Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => 503));
    await issueForm();
    await receivedSoon(1);
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      await receivedSoon(attempt, later(attempt * 24 * 3_600_000));
    }
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      response_status: 503,
    });
    const hook = (await send('GET', hooks())).json().data.find((h: { id: number }) => h.id === id);
    expect(hook.status).toBe('failing');
    const told = mails.filter((mail) => mail.subject === 'A webhook is failing');
    expect(told.map((mail) => mail.to)).toEqual([shop.email]);
    expect(told[0]!.text).toContain(receiver.url);

    // Nothing more is tried on its own, however late.
    await t.app.webhooks.runDue({ now: later(30 * 24 * 3_600_000) });
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    const again = await send('POST', hooks(`/${id}/deliveries/${delivery!.id}/redeliver`));
    expect(again.statusCode).toBe(200);
    const got = await receivedSoon(WEBHOOK_MAX_ATTEMPTS + 1);
    expect(got.headers['webhook-id']).toBe(delivery!.message_id);
    const after = (await send('GET', hooks())).json().data.find((h: { id: number }) => h.id === id);
    expect(after.status).toBe('active');
    await send('DELETE', hooks(`/${id}`));
  });

  it('rotates its secret: for a day both the new and the previous one verify', async () => {
    receiver.received.length = 0;
    const { id, secret: before } = await subscribe(['taxform.issued']);
    const rotated = await send('POST', hooks(`/${id}/rotateSecret`));
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json().data.secret as string;
    expect(after).not.toBe(before);

    const test = await send('POST', hooks(`/${id}/test`));
    expect(test.statusCode).toBe(200);
    const got = await receivedSoon(1);
    expect(new Webhook(after).verify(got.body, got.headers)).toMatchObject({
      type: 'webhook.test',
    });
    expect(new Webhook(before).verify(got.body, got.headers)).toMatchObject({
      type: 'webhook.test',
    });
    await send('DELETE', hooks(`/${id}`));
  });

  it('tells of an update and of a stage, each signed, in the order they happened', async () => {
    receiver.received.length = 0;
    const { id, secret } = await subscribe(['taxform.updated', 'taxform.stage_changed']);
    const form = await issueForm();
    const today = dayIn(shop.timeZone);
    const updated = await send(
      'POST',
      forms(`/update/${form.id}`),
      issuePayload({ today, taxform: { traveler_surname: 'Corrected' } }),
    );
    expect(updated.statusCode).toBe(200);
    await receivedSoon(1);
    const stage = await send('POST', forms(`/${form.id}/stages`), {
      stage: 'FORM_VALIDATED',
      export_date: today,
      customs_office: 'Carinska ispostava Zračna luka Zagreb',
      customs_record_number: 'HR-2026-004713',
    });
    expect(stage.statusCode).toBe(200);
    await receivedSoon(2);
    const bodies = receiver.received.map(
      (got) => new Webhook(secret).verify(got.body, got.headers) as WebhookEventBody,
    );
    // A summary of the form, never the traveller's details.
    expect(bodies).toMatchObject([
      { type: 'taxform.updated', data: { id: form.id, version: 2, status: 'FORM_SUBMITTED' } },
      { type: 'taxform.stage_changed', data: { id: form.id, status: 'FORM_VALIDATED' } },
    ]);
    expect(JSON.stringify(bodies)).not.toContain('Corrected');
    expect((await deliveries(id)).map((d) => d.event).sort()).toEqual([
      'taxform.stage_changed',
      'taxform.updated',
    ]);
    await send('DELETE', hooks(`/${id}`));
  });

  it('tells of a cancellation, and nothing of what it does not subscribe to', async () => {
    receiver.received.length = 0;
    const { id, secret } = await subscribe([
      'taxform.updated',
      'taxform.stage_changed',
      'taxform.cancelled',
    ]);
    const form = await issueForm();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${form.id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${manager}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Gave up in a hurry', cancel_comments: '' },
    });
    expect(answer.statusCode).toBe(200);
    const got = await receivedSoon(1);
    const body = new Webhook(secret).verify(got.body, got.headers) as WebhookEventBody;
    expect(body).toMatchObject({
      type: 'taxform.cancelled',
      data: { id: form.id, cancelled: true },
    });
    expect((await deliveries(id)).map((d) => d.event)).toEqual(['taxform.cancelled']);
    await send('DELETE', hooks(`/${id}`));
  });
});

describe('what a webhook may be', () => {
  it('is refused without events, with a non-http URL, and answered 404 when unknown', async () => {
    const none = await send('POST', hooks(), { url: receiver.url, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('events');
    const ftp = await send('POST', hooks(), {
      url: 'ftp://x.example/',
      events: ['taxform.issued'],
    });
    expect(ftp.json().errors[0].field).toBe('url');
    for (const [method, path] of [
      ['PATCH', '/999999'],
      ['DELETE', '/999999'],
      ['POST', '/999999/test'],
      ['GET', '/999999/deliveries'],
      ['POST', '/999999/rotateSecret'],
    ] as const) {
      const response = await send(
        method,
        hooks(path),
        method === 'PATCH' ? { events: ['taxform.issued'] } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().code).toBe('WEBHOOK_NOT_FOUND');
    }
  });
});

describe('private targets', () => {
  let strict: TestApp;
  let token: string;
  let strictShop: Retailer;
  beforeAll(async () => {
    strict = await createTestApp();
    strictShop = await createRetailerFixture(strict.database.db);
    token = await login(strict.app, strictShop);
  });
  afterAll(() => strict.close());

  it('are refused: loopback, private, link-local, unique-local, and names that resolve inward', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://10.1.2.3/',
      'http://192.168.1.10/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: `/api/v2/companies/${strictShop.companyId}/webhooks`,
        headers: bearer(token),
        payload: { url, events: ['taxform.issued'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'url', message: expect.stringContaining('private network') },
      ]);
    }
  });
});
