import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown };

/** Replaces fetch with one answering the given replies in turn (the last one repeats). */
export function mockFetch(...replies: Reply[]) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = replies[Math.min(call, replies.length - 1)] ?? {};
    call += 1;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function requestOf(fetchMock: ReturnType<typeof mockFetch>, index = 0) {
  const [input, init] = fetchMock.mock.calls[index] ?? [];
  return { url: String(input), init: init ?? {}, headers: new Headers(init?.headers) };
}

/**
 * Replaces fetch with one answering by request, for screens that make several calls at once;
 * anything `answer` leaves unanswered gets a 404 envelope.
 */
export function mockFetchRoutes(answer: (url: URL) => Reply | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const reply = answer(url) ?? { status: 404, body: { status: 'error', message: 'Not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
