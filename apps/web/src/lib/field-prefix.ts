import { ApiError, isApiError } from './api-error';

/**
 * The server names a field as it was sent (`promotion.title` inside `{promotion: {...}}`); a
 * form knows it as `title`. Returns the failure with that prefix taken off its field names.
 */
export function withoutFieldPrefix(error: unknown, prefix: string): unknown {
  if (!isApiError(error) || error.errors.length === 0) return error;
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    errors: error.errors.map((item) => ({
      ...item,
      field: item.field.startsWith(`${prefix}.`) ? item.field.slice(prefix.length + 1) : item.field,
    })),
  });
}
