import type { FieldError } from '@taxfree/domain';
import { serviceBase, type ServiceName } from '@/config';
import { ApiError } from './api-error';
import { getCsrfToken } from './csrf';
import { currentLanguage, i18n } from './i18n';
import { findAuthToken } from './session';
import { expireSession } from './session-expiry';

/** A successful answer: the payload is always the body's `data` (ARCHITECTURE, "Contract"). */
export type ApiResponse<T> = {
  status: 'success';
  message: string;
  data: T;
  metadata?: { total?: number } & Record<string, unknown>;
};

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Which server: the retailer API (default), the core service or the go service. */
  service?: ServiceName;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send the session's bearer token (default). Calls made before signing in say `false`, so a
   * 401 there means "wrong credentials" and not "session over".
   */
  auth?: boolean;
  /** Whether a 401 ends the session and goes to /login; defaults to `auth`. */
  expireOnUnauthorized?: boolean;
};

type Envelope = {
  status?: string;
  message?: string;
  code?: string;
  errors?: FieldError[];
  data?: unknown;
  metadata?: ApiResponse<unknown>['metadata'];
};

export function buildUrl(path: string, options: Pick<RequestOptions, 'service' | 'query'> = {}) {
  const url = `${serviceBase(options.service ?? 'api')}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Retry-After in seconds (the only form the servers send); null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const useAuth = options.auth ?? true;
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  const token = useAuth ? findAuthToken() : null;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const csrfToken = getCsrfToken();
  if (csrfToken) headers.set('X-CSRF-Token', csrfToken);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestBody = JSON.stringify(body);
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), {
      method,
      headers,
      body: requestBody,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: i18n.t('errors.network') });
  }

  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.status !== 'error') {
    return {
      status: 'success',
      message: envelope?.message ?? '',
      data: envelope?.data as T,
      metadata: envelope?.metadata,
    };
  }

  const error = new ApiError({
    status: response.status,
    code: envelope?.code ?? `HTTP_${response.status}`,
    message: envelope?.message || response.statusText || i18n.t('errors.unexpected'),
    errors: envelope?.errors,
    retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
  });
  if (error.isUnauthorized && token && (options.expireOnUnauthorized ?? useAuth)) expireSession();
  throw error;
}

/** The one way the app calls its servers: JSON in, the envelope out, `ApiError` on failure. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};
