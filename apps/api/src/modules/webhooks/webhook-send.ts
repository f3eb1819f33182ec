import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { WebhookFailure } from '@taxfree/domain';
import { guardedLookup, hostOf, isPublicAddress, RefusedTarget } from './webhook-targets.ts';

/** What is read of a receiver's answer at most: its status is what counts. */
const MAX_ANSWER_BYTES = 4096;

const MAX_ERROR_LENGTH = 300;

export type SendOutcome =
  | { status: number; failure: null; error: null }
  | {
      /** The receiver's HTTP status; null when none came. */
      status: number | null;
      failure: WebhookFailure;
      /** The failure in the network's own words. */
      error: string;
    };

/** What kind of failure a connection's error is. */
function failureOf(err: NodeJS.ErrnoException): WebhookFailure {
  if (err instanceof RefusedTarget) return 'privateTarget';
  if (err.code === 'ECONNREFUSED') return 'refused';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'unresolved';
  return 'network';
}

/**
 * One try at one delivery: a POST of `body` with `headers`, to public addresses only unless
 * `allowPrivate`, cut after `timeoutMs` from the start (connecting, sending and the answer's
 * head together), redirects not followed, and at most 4 KiB of the answer read. Never throws.
 */
export function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const fail = (failure: WebhookFailure, message: string) =>
      finish({ status: null, failure, error: message.slice(0, MAX_ERROR_LENGTH) });
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      return resolve({ status: null, failure: 'network', error: 'the URL is not valid' });
    }
    const host = hostOf(url);
    if (!input.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
      return resolve({
        status: null,
        failure: 'privateTarget',
        error: `${host} is not a public address`,
      });
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(input.allowPrivate),
      headers: {
        ...input.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(input.body)),
        'user-agent': 'TaxFreePortal-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      fail('timedOut', `no answer within ${input.timeoutMs} ms`);
    }, input.timeoutMs);
    request.on('error', (err) => fail(failureOf(err), err.message || String(err)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        response.destroy();
        const redirected = status >= 300 && status < 400;
        finish(
          status >= 200 && status < 300
            ? { status, failure: null, error: null }
            : {
                status,
                failure: redirected ? 'redirected' : 'answered',
                error: redirected
                  ? `answered ${status}: redirects are not followed`
                  : `answered ${status}`,
              },
        );
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(input.body);
  });
}
