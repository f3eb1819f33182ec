import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ExportMenu } from './export-menu';

const path = '/companies/7/retailers/9/taxforms/export';

/** A streamed answer: its first piece at once, the rest when the test lets it go. */
function streamedAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(1_500_000));
      await released;
      controller.enqueue(new TextEncoder().encode('last line\r\n'));
      controller.close();
    },
  });
  const response = new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="tax-forms-2026-11-24.csv"',
    },
  });
  return { response, release };
}

let saved: Blob[] = [];

beforeEach(() => {
  storeTestSession();
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:export';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function choose(item: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('ExportMenu', () => {
  it('downloads with the session token, shows what has arrived, then saves the file', async () => {
    const { response, release } = streamedAnswer();
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ExportMenu
        path={path}
        query={{ search: 'ana', stage: 'issued' }}
        fallbackName="tax-forms"
      />,
    );
    await choose('CSV (comma-separated)');

    expect(await screen.findByText('Preparing export… 1.5 MB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
    const [input, init] = fetchMock.mock.calls[0]!;
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe(`/api/v2${path}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'ana',
      stage: 'issued',
      format: 'csv',
    });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');

    release();
    expect(await screen.findByText('Saved tax-forms-2026-11-24.csv')).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(1_500_000 + 'last line\r\n'.length);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stops the download on Cancel, saving nothing and saying nothing went wrong', async () => {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ExportMenu path={path} query={{}} fallbackName="tax-forms" />);
    await choose('Excel (XLSX)');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(saved).toHaveLength(0);
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  it('is not offered to a clerk: exports are a manager’s', () => {
    storeTestSession({ role: 'clerk' });
    renderWithProviders(<ExportMenu path={path} query={{}} fallbackName="tax-forms" />);
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  it("shows the server's message when the export is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              status: 'error',
              code: 'SERVER_BUSY',
              message: 'The server is busy right now. Please try again in a few seconds.',
            }),
            { status: 503, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    renderWithProviders(<ExportMenu path={path} query={{}} fallbackName="tax-forms" />);
    await choose('CSV (comma-separated)');
    expect(
      await screen.findByText('The server is busy right now. Please try again in a few seconds.'),
    ).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
