import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/support/webhook-receiver.ts';
import { sendWebhook } from './webhook-send.ts';
import { isPublicAddress } from './webhook-targets.ts';

/** One try as the worker makes it, against a receiver on loopback. */

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const send = (url: string, allowPrivate = true, timeoutMs = 1_000) =>
  sendWebhook({ url, body: '{"type":"webhook.test"}', headers: {}, timeoutMs, allowPrivate });

describe('sendWebhook', () => {
  it('takes a 2xx as delivered, anything else as a failure with its status', async () => {
    receiver.answerNext(204, 500, 302);
    expect(await send(receiver.url)).toEqual({ status: 204, failure: null, error: null });
    expect(await send(receiver.url)).toEqual({
      status: 500,
      failure: 'answered',
      error: 'answered 500',
    });
    expect(await send(receiver.url)).toEqual({
      status: 302,
      failure: 'redirected',
      error: 'answered 302: redirects are not followed',
    });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.answerNext('hang');
    expect(await send(receiver.url, true, 200)).toEqual({
      status: null,
      failure: 'timedOut',
      error: 'no answer within 200 ms',
    });
  });

  it('reads no more of an answer than its first few kilobytes', async () => {
    // A receiver that answers 200 and then sends without end: its status is all that counts.
    let sent = 0;
    const endless = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const more = () => {
        while (!response.destroyed && response.write(Buffer.alloc(16_384, 120))) {
          sent += 16_384;
          if (sent > 64 * 1024 * 1024) return;
        }
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endless.address() as AddressInfo;
      const outcome = await send(`http://127.0.0.1:${port}/hooks`, true, 5_000);
      expect(outcome).toEqual({ status: 200, failure: null, error: null });
      expect(sent).toBeLessThan(8 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((resolve) => endless.close(() => resolve()));
    }
  });

  it('refuses, at the connection, a name that resolves to a private address', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const outcome = await send(`http://localhost:${port}/hooks`, false);
    expect(outcome.status).toBeNull();
    expect(outcome.failure).toBe('privateTarget');
    expect(outcome.error).toMatch(
      /localhost resolves to (127\.0\.0\.1|::1), a private or reserved address/,
    );
    expect((await send(`http://127.0.0.1:${port}/hooks`, false)).error).toBe(
      '127.0.0.1 is not a public address',
    );
    expect(receiver.received.length).toBe(before);
  });

  it('tells a refused connection and an unknown name apart', async () => {
    const closed = await send('http://127.0.0.1:9/hooks');
    expect(closed).toMatchObject({ status: null, failure: 'refused' });
    const unknown = await send('http://no-such-host.invalid/hooks');
    expect(unknown).toMatchObject({ status: null, failure: 'unresolved' });
  });
});

describe('isPublicAddress', () => {
  it('takes public unicast only', () => {
    expect(['93.184.215.14', '8.8.8.8', '2a00:1450:4001:82b::200e'].map(isPublicAddress)).toEqual([
      true,
      true,
      true,
    ]);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '2002:7f00:1::',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
