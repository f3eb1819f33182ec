import type { ErrorCode, FieldError } from '@taxfree/domain';

/** HTTP status of every error code; TypeScript fails the build when a code is missing. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  PASSWORD_CHANGE_REQUIRED: 403,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  FORBIDDEN: 403,
  MANAGER_ONLY: 403,
  ACCOUNT_DEACTIVATED: 403,
  LAST_MANAGER: 409,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  OLD_PASSWORD_WRONG: 400,
  PASSWORD_UNCHANGED: 400,
  RESET_TOKEN_INVALID: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  IDEMPOTENCY_KEY_REUSED: 422,
  FORM_NOT_CANCELLABLE: 409,
  FORM_NOT_EDITABLE: 409,
  FORM_CHANGED: 409,
  RECEIPT_IN_USE: 409,
  FORM_STAGE_CANCELLED: 409,
  FORM_STAGE_EXPIRED: 409,
  FORM_STAGE_UNKNOWN: 409,
  FORM_STAGE_NOT_FORWARD: 409,
  FORM_STAGE_SKIPPED: 409,
  FORM_NO_EMAIL: 409,
  FORM_MAIL_CANCELLED: 409,
  TOO_MANY_FORM_MAILS: 429,
  AMOUNTS_DISAGREE: 400,
  FORM_ABOVE_CEILING: 400,
  UPLOAD_FAILED: 400,
  FILE_TOO_LARGE: 413,
  PROMOTION_NOT_FOUND: 404,
  GALLERY_ITEM_NOT_FOUND: 404,
  SERVER_BUSY: 503,
  UPLOAD_QUOTA_EXCEEDED: 429,
  UPLOAD_RATE_EXCEEDED: 429,
  UPLOAD_IN_PROGRESS: 429,
  TOO_MANY_RESET_REQUESTS: 429,
  BODY_TOO_DEEP: 400,
  REQUEST_TIMEOUT: 408,
  PRINT_LINK_EXPIRED: 410,
  STATUS_NOT_FOUND: 404,
  TOO_MANY_STATUS_LOOKUPS: 429,
  API_KEY_NOT_FOUND: 404,
  API_KEY_RATE_EXCEEDED: 429,
  NOT_FOR_API_KEYS: 403,
  WEBHOOK_NOT_FOUND: 404,
  INTERNAL: 500,
};

export type AppErrorOptions = {
  /** Values for the message's placeholders. */
  params?: Record<string, string | number>;
  /** Field errors: `message` is a key of the `validation` catalogue, `params` its placeholders. */
  errors?: (FieldError & { params?: Record<string, string | number> })[];
  /** Extra response headers, such as Retry-After. */
  headers?: Record<string, string>;
};

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
