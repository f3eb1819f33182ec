import { buildUrl } from './api-client';
import { ApiError } from './api-error';
import { currentLanguage, i18n } from './i18n';
import { findAuthToken } from './session';
import { expireSession } from './session-expiry';

export type DownloadProgress = {
  /** Bytes received so far (after any transfer compression is undone). */
  received: number;
  /** The file's size when the server says it; null while a streamed file is still being made. */
  total: number | null;
};

export type DownloadOptions = {
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** The name to save under when the answer names none. */
  fallbackName: string;
};

/** The file name of `Content-Disposition: attachment; filename="…"`, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header && /filename="([^"]+)"/i.exec(header);
  return match ? match[1]! : null;
}

async function failure(response: Response): Promise<ApiError> {
  let envelope: { message?: string; code?: string } | null = null;
  try {
    envelope = (await response.json()) as { message?: string; code?: string };
  } catch {
    // not an envelope: the status speaks
  }
  return new ApiError({
    status: response.status,
    code: envelope?.code ?? `HTTP_${response.status}`,
    message: envelope?.message || i18n.t('download.failed'),
  });
}

/**
 * Downloads a file from the retailer API with the session's bearer token (a plain link carries
 * no Authorization header), reading the body as it comes so the caller can show progress; a
 * failure answers an `ApiError` in the user's language. Aborting `signal` stops it.
 */
export async function downloadFile(
  path: string,
  options: DownloadOptions,
): Promise<{ blob: Blob; name: string }> {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = findAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, { query: options.query }), {
      headers,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: i18n.t('errors.network') });
  }
  if (!response.ok) {
    const error = await failure(response);
    if (error.isUnauthorized && token) expireSession();
    throw error;
  }

  // A compressed answer's length counts compressed bytes, not those read here.
  const length = Number(response.headers.get('Content-Length'));
  const total =
    !response.headers.get('Content-Encoding') && Number.isFinite(length) && length > 0
      ? length
      : null;
  const name = attachmentName(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const chunks: Uint8Array[] = [];
  let received = 0;
  options.onProgress?.({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        options.onProgress?.({ received, total });
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // The server ended the file half-way (it failed, or the connection broke).
      throw new ApiError({
        status: 0,
        code: 'INTERRUPTED',
        message: i18n.t('download.interrupted'),
      });
    }
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), name };
}

/** Hands a downloaded file to the browser to save, as a link with `download` would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A size as people read it, in the user's language: `850 kB`, `1.2 MB`. */
export function formatBytes(bytes: number, language: string): string {
  const megabytes = bytes / 1_000_000;
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [bytes / 1000, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: megabytes >= 1 ? 1 : 0,
  }).format(value);
}
