import { buildUrl } from './api-client';
import { ApiError } from './api-error';
import { getCsrfToken } from './csrf';
import { currentLanguage, i18n } from './i18n';
import { findAuthToken } from './session';
import { expireSession } from './session-expiry';

/** The picture types the server accepts (decided there by the bytes; here only a first sieve). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The server's default limit; a bigger file is refused before it is sent. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type UploadOptions = {
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Ask the server for a thumbnail as well (the profile picture's thumb flag). */
  thumb?: boolean;
};

type UploadEnvelope = {
  status?: string;
  message?: string;
  code?: string;
  data?: Record<string, unknown>;
};

function parseEnvelope(text: string): UploadEnvelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as UploadEnvelope) : null;
  } catch {
    return null;
  }
}

/**
 * `POST {core service}/fileupload/temp` (SPEC 7): the file as `image0`, renamed by the server;
 * resolves with the stored name (`data.image0`). XMLHttpRequest rather than fetch, because only
 * it reports upload progress. Fails with an `ApiError` carrying the server's message, or SPEC 8's
 * upload message when the server gave none.
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<string> {
  const { onProgress, signal, thumb } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const body = new FormData();
    body.append('image0', file, file.name);
    body.append('filerename', 'true');
    if (thumb) body.append('thumb', 'true');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/fileupload/temp', { service: 'core' }));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = findAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const csrfToken = getCsrfToken();
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);

    const failed = (status: number, envelope: UploadEnvelope | null) =>
      new ApiError({
        status,
        code: envelope?.code ?? (status === 0 ? 'NETWORK' : `HTTP_${status}`),
        message: envelope?.message || i18n.t('imageUpload.failed'),
      });

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const envelope = parseEnvelope(xhr.responseText);
      const name = envelope?.data?.['image0'];
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.status !== 'error') {
        if (typeof name === 'string' && name) {
          onProgress?.(100);
          resolve(name);
          return;
        }
        reject(failed(xhr.status, null));
        return;
      }
      if (xhr.status === 401 && token) expireSession();
      reject(failed(xhr.status, envelope));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK', message: i18n.t('errors.network') }));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
