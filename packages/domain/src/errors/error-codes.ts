/**
 * Every error the API can answer with. Each code is also the key of its message in the
 * `server` catalogue, and the API maps each one to an HTTP status in one exhaustive table.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'PASSWORD_CHANGE_REQUIRED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN',
  'CSRF_INVALID',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'USER_NOT_FOUND',
  'OLD_PASSWORD_WRONG',
  'PASSWORD_UNCHANGED',
  'RESET_TOKEN_INVALID',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'FORM_NOT_CANCELLABLE',
  'FORM_NOT_EDITABLE',
  'AMOUNTS_DISAGREE',
  'UPLOAD_FAILED',
  'FILE_TOO_LARGE',
  'PROMOTION_NOT_FOUND',
  'GALLERY_ITEM_NOT_FOUND',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
