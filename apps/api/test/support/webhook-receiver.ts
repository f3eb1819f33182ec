import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers, its body as sent, and when it arrived. */
export type Received = { headers: Record<string, string>; body: string; at: number };

/** How the receiver answers a request: a status, or `hang` to never answer. */
export type Answer = number | 'hang';

/**
 * A webhook receiver on loopback for tests: it records every request and answers each with the
 * next of `answers` (then 200, or what `answerAll` says), so that a test can make a try fail with a 500 or a time-out.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  let otherwise: Answer = 200;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = answers.shift() ?? otherwise;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The answers to the next requests, in order. */
    answerNext: (...next: Answer[]) => answers.push(...next),
    /** The answer to every request once the queued ones are used. */
    answerAll: (answer: Answer) => {
      otherwise = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
