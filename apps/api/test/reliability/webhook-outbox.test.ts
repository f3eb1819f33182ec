import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookEventBody } from '@taxfree/domain';
import { queryRows } from '../../src/db/client.ts';
import { createRetailerFixture, issuePayload } from '../support/factories.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const FORMS = 6;
const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_MS: '1000' };

let store: ServerStore;
let server: ServerProcess | undefined;
let receiver: WebhookReceiver;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await receiver?.close();
  await store?.remove();
});

describe('the webhook outbox, when the server is killed with SIGKILL mid-delivery', () => {
  it('loses no event: the next process sends each one, with the webhook-id it had', async () => {
    store = await createServerStore();
    const setup = await store.open();
    const shop = await createRetailerFixture(setup.database.db);
    await setup.close();
    receiver = await startWebhookReceiver();
    // The receiver takes requests and never answers: every delivery is in flight or queued.
    receiver.answerAll('hang');

    server = await startServerProcess({ store, env });
    const first = server;
    const token = await signInOver(first.url, shop);
    const call = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${first.url}/api/v2/companies/${shop.companyId}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const subscribed = await call('/webhooks', { url: receiver.url, events: ['taxform.issued'] });
    expect(subscribed.status).toBe(200);
    const { secret } = ((await subscribed.json()) as { data: { secret: string } }).data;

    const issued: number[] = [];
    for (let n = 0; n < FORMS; n += 1) {
      const response = await call(
        `/retailers/${shop.branchId}/taxforms/issue`,
        issuePayload({ taxform: { passport: `WH${n}KILL9` } }),
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(response.status).toBe(200);
      issued.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    // Some deliveries reached the receiver (and wait for its answer), the rest wait their turn.
    for (let i = 0; i < 200 && receiver.received.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(receiver.received.length).toBeGreaterThan(0);
    const inFlight = receiver.received.map((got) => got.headers['webhook-id']);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');

    // A new process on the same data, a receiver that answers now.
    receiver.answerAll(200);
    const before = receiver.received.length;
    server = await startServerProcess({ store, env });
    const deadline = Date.now() + 40_000;
    const delivered = () => new Set(receiver.received.slice(before).map((got) => got.body));
    while (delivered().size < FORMS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const after = receiver.received.slice(before);
    const bodies = after.map(
      (got) => new Webhook(secret).verify(got.body, got.headers) as WebhookEventBody,
    );
    expect(new Set(bodies.map((body) => body.data.id))).toEqual(new Set(issued));
    expect(bodies.every((body) => body.type === 'taxform.issued')).toBe(true);
    // What was on its way when the process died came again under its own id.
    const againIds = new Set(after.map((got) => got.headers['webhook-id']));
    for (const id of inFlight) expect(againIds.has(id)).toBe(true);

    expect((await server.kill('SIGTERM')).code).toBe(0);
    server = undefined;
    const check = await store.open();
    try {
      const rows = await queryRows<{ status: string; count: string | number }>(
        check.database.db,
        sql`select status, count(*) from webhook_deliveries group by status`,
      );
      expect(rows.map((row) => [row.status, Number(row.count)])).toEqual([['delivered', FORMS]]);
    } finally {
      await check.close();
    }
  }, 90_000);
});
