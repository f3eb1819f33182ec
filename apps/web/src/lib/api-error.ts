import type { FieldError } from '@taxfree/domain';

/** Any failed call: an error envelope from the server, or no usable answer at all (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  /** Seconds to wait before asking again, when the server said (429, 503); null otherwise. */
  readonly retryAfter: number | null;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    errors?: FieldError[];
    retryAfter?: number | null;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
    this.retryAfter = options.retryAfter ?? null;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
