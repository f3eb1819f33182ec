import type { FieldError } from '@taxfree/domain';

/** Any failed call: an error envelope from the server, or no usable answer at all (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];

  constructor(options: { status: number; code: string; message: string; errors?: FieldError[] }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
