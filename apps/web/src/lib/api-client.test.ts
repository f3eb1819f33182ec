import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestOf } from '@/test/fetch';
import { api } from './api-client';
import { ApiError } from './api-error';
import { i18n } from './i18n';

function signIn() {
  localStorage.setItem('authToken', 'token-1');
  document.cookie = 'authToken=token-1; path=/';
}

function setCsrfMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = content;
  document.head.append(meta);
}

describe('api client', () => {
  beforeEach(() => setCsrfMeta('csrf-abc'));
  afterEach(async () => {
    document.head.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
    await i18n.changeLanguage('en');
  });

  it('sends the language, the bearer token and the CSRF token', async () => {
    signIn();
    await i18n.changeLanguage('de');
    const fetchMock = mockFetch({ body: { status: 'success', message: 'OK', data: { id: 1 } } });

    const response = await api.get<{ id: number }>('/companies/7/users/12');

    const { url, headers } = requestOf(fetchMock);
    expect(url).toBe('/api/v2/companies/7/users/12');
    expect(headers.get('Accept-Language')).toBe('de');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('X-CSRF-Token')).toBe('csrf-abc');
    expect(response.data).toEqual({ id: 1 });
  });

  it('sends JSON bodies and query strings', async () => {
    const fetchMock = mockFetch({ body: { status: 'success', message: 'OK' } });
    await api.post('/resetPassword', { accountno: '1', email: 'a@b.c' }, { auth: false });
    await api.get('/x', { query: { page: 2, search: 'ab c', skip: undefined } });
    expect(requestOf(fetchMock).init.body).toBe('{"accountno":"1","email":"a@b.c"}');
    expect(requestOf(fetchMock).headers.get('Content-Type')).toBe('application/json');
    expect(requestOf(fetchMock, 1).url).toBe('/api/v2/x?page=2&search=ab+c');
  });

  it('throws a typed error carrying the status, code, message and field errors', async () => {
    mockFetch({
      status: 400,
      body: {
        status: 'error',
        message: 'Some fields are not valid.',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      },
    });
    const error = await api.post('/resetPassword', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      retryAfter: null,
    });
  });

  it('tells how long to wait when the server says so with Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status: 'error', code: 'TOO_MANY_ATTEMPTS', message: 'Wait' }),
            {
              status: 429,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '95' },
            },
          ),
      ),
    );
    const error = await api.get('/public/taxforms/1', { auth: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfter: 95 });
  });

  it('ends the session when a signed-in call answers 401', async () => {
    signIn();
    mockFetch({
      status: 401,
      body: { status: 'error', message: 'Expired', code: 'SESSION_EXPIRED' },
    });
    await expect(api.get('/companies/7/users/12')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('leaves the session alone when the login itself answers 401', async () => {
    signIn();
    mockFetch({
      status: 401,
      body: { status: 'error', message: 'Invalid', code: 'INVALID_CREDENTIALS' },
    });
    await expect(api.post('/authorization', {}, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid',
    });
    expect(localStorage.getItem('authToken')).toBe('token-1');
  });

  it('reports an unreachable server as status 0 with a translated message', async () => {
    fetchFails();
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: i18n.t('errors.network'),
    });
  });
});

function fetchFails() {
  mockFetch();
  globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
}
